/** The public layout and the front page, one chunk: what a visitor's first load needs. */
export { FrontPage } from '../../features/public/components/front-page.tsx';
export { PublicLayout } from '../layouts/public-layout.tsx';
export { PageLayout } from '../layouts/page-layout.tsx';
