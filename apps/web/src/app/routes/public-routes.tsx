import { ComingSoon } from '../../components/coming-soon.tsx';

/** Pages of the spec that are not built yet: a translated "coming soon" inside the public layout. */
export const ProtoPage = () => <ComingSoon titleKey="public.pages.proto" />;
