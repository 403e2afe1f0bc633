import { lazyDialog } from '../../../lib/lazy-dialog.tsx';

/** Help topics of spec section 2, plus community and profile (issue 17); every other page reads "Instructions not found." */
const HELP_TOPICS = ['home', 'groups', 'todos', 'shared', 'rewards', 'shop', 'community', 'profile'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

export function helpTopicFor(pathname: string): HelpTopic | null {
  const section = pathname.split('/')[2] ?? '';
  return HELP_TOPICS.find((topic) => topic === section) ?? null;
}

export interface HelpModalProps {
  opened: boolean;
  onClose: () => void;
  pathname: string;
}

/** The help popup of the page being shown (spec section 2); fetched the first time it opens. */
export const HelpModal = lazyDialog<HelpModalProps>(
  () => import('./help-modal-dialog.tsx').then((module) => module.HelpModalDialog),
  (props) => props.opened,
);
