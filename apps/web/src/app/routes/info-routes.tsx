import { ComingSoon } from '../../components/coming-soon.tsx';

/** The visitor's reading pages: /about, /tutorials(/:topic), /legal(/:document). One chunk, the `info` texts. */
export const AboutPage = () => <ComingSoon titleKey="public.pages.about" />;
export const TutorialsPage = () => <ComingSoon titleKey="public.pages.tutorials" />;
export const LegalPage = () => <ComingSoon titleKey="public.pages.about" />;
