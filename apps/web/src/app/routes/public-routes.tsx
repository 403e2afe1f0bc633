import { ComingSoon } from '../../components/coming-soon.tsx';

/** Pages of the spec that are not built yet: a translated "coming soon" inside the public layout. */
export const ProtoPage = () => <ComingSoon titleKey="public.pages.proto" />;
export const AboutPage = () => <ComingSoon titleKey="public.pages.about" />;
export const TutorialsPage = () => <ComingSoon titleKey="public.pages.tutorials" />;
export const ContactPage = () => <ComingSoon titleKey="public.pages.contact" />;
