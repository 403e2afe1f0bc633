import { lazy, Suspense } from 'react';
import { useChatTarget } from '../../lib/chat-popup.ts';
import { useOpenedOnce } from '../../lib/lazy-dialog.tsx';

const ChatPopup = lazy(() => import('../../features/chat/components/chat-popup.tsx').then((module) => ({ default: module.ChatPopup })));

/** Where each area's layout keeps the chat popup: its code is fetched the first time a chat opens. */
export function ChatPopupSlot() {
  const shown = useOpenedOnce(useChatTarget() !== null);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ChatPopup />
    </Suspense>
  );
}
