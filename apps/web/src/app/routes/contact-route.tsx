import { ComingSoon } from '../../components/coming-soon.tsx';

/** /contact: the contact form (spec section 3). */
export const ContactPage = () => <ComingSoon titleKey="public.pages.contact" />;
