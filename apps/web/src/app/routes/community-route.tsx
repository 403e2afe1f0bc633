import { CommunityBrowser } from '../../features/community/components/community-browser.tsx';

/** /community: the public, read-only community browser; buying asks the visitor to sign in as a teacher. */
export function CommunityPage() {
  return <CommunityBrowser viewer={{ kind: 'visitor' }} />;
}
