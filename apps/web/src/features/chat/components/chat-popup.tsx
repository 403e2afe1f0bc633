import { Badge, Drawer, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/auth.ts';
import { closeChat, useChatTarget } from '../../../lib/chat-popup.ts';
import { useOpenAfterMount } from '../../../lib/lazy-dialog.tsx';
import { useMemberUnread } from '../../../lib/queries/chat-unread.ts';
import { ChatConversation } from './chat-conversation.tsx';

/**
 * The conversation fills what the header leaves: a long group name wraps the title onto more
 * lines, and a fixed height under the header would push the send button off the screen.
 */
const DRAWER_STYLES = {
  content: { display: 'flex', flexDirection: 'column' },
  body: { display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 },
  title: { fontWeight: 800, lineHeight: 1.25 },
} as const;

/**
 * A tab's unread count, beside its label (a corner indicator would cover the label's last
 * letter); null when there is none, so the tab keeps no empty section.
 */
function unreadBadge(count: number) {
  return count > 0 ? (
    <Badge size="sm" circle color="red.8">
      {count}
    </Badge>
  ) : null;
}

/**
 * A student's chat: the private tab with the teacher, where it opens (issue 33: a question for
 * the teacher went to the whole class from the group tab it used to open on), and the group tab.
 */
function StudentChat({ memberId, groupId }: { memberId: string; groupId: string }) {
  const { t } = useTranslation();
  const unread = useMemberUnread(memberId);
  return (
    <Tabs defaultValue="teacher" keepMounted={false} style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="teacher" rightSection={unreadBadge(unread.data?.private_unread_count ?? 0)}>
          {t('chat.tabTeacher')}
        </Tabs.Tab>
        <Tabs.Tab value="group" rightSection={unreadBadge(unread.data?.group_unread_count ?? 0)}>
          {t('chat.tabGroup')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="group" style={{ flex: 1, minHeight: 0 }}>
        <ChatConversation memberId={null} groupId={groupId} userId={memberId} isTeacher={false} />
      </Tabs.Panel>
      <Tabs.Panel value="teacher" style={{ flex: 1, minHeight: 0 }}>
        <ChatConversation memberId={memberId} groupId={groupId} userId={memberId} isTeacher={false} />
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * The chat popup (spec section 2): 500 px wide beside the page on a computer, the whole width on
 * a phone. Mounted once per area layout; pages open it with lib/chat-popup.ts.
 */
export function ChatPopup() {
  const { t } = useTranslation();
  const target = useChatTarget();
  const { user } = useSession();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const open = useOpenAfterMount(target !== null);

  const title = !target ? '' : target.kind === 'student' ? t('chat.title') : target.kind === 'group' ? t('chat.groupTitle', { name: target.title }) : target.title;

  let body = null;
  if (target && user) {
    if (target.kind === 'student') {
      if (!user.admin) body = <StudentChat memberId={user.id} groupId={user.group_id} />;
    } else if (user.admin) {
      body = (
        <ChatConversation
          key={target.kind === 'member' ? target.memberId : target.groupId}
          memberId={target.kind === 'member' ? target.memberId : null}
          groupId={target.groupId}
          userId={user.id}
          isTeacher
        />
      );
    }
  }

  return (
    <Drawer
      opened={open}
      onClose={closeChat}
      position="right"
      size={isPhone ? '100%' : 500}
      title={title}
      closeButtonProps={{ 'aria-label': t('chat.close') }}
      styles={DRAWER_STYLES}
    >
      {body}
    </Drawer>
  );
}
