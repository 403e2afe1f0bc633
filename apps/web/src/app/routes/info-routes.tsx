/** The visitor's reading pages: /about, /tutorials(/:topic), /legal(/:document). One chunk, the `info` texts. */
export { AboutPage } from '../../features/info/components/about-page.tsx';
export { TutorialsPage } from '../../features/info/components/tutorials-page.tsx';
export { LegalPage } from '../../features/info/components/legal-page.tsx';
