/** /contact: the contact form (spec section 3). Its own chunk, with the `info` texts. */
export { ContactPage } from '../../features/contact/components/contact-page.tsx';
