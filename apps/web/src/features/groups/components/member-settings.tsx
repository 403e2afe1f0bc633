import { useState } from 'react';
import { Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { useSession } from '../../../lib/auth.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate } from '../../../lib/router.tsx';
import { SMALL_GROUPS } from '@kolikko/core/limits';
import type { TMember } from '@kolikko/core/schemas/groups';
import { CharacterPicker } from '../../../components/character-picker.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { PasswordChangeForm } from '../../../components/password-change-form.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { TypeToConfirm } from '../../../components/type-to-confirm.tsx';
import { UsernameForm } from '../../../components/username-form.tsx';
import { showErrorCode, showSuccessOnNextPage } from '../../../lib/banner.ts';
import { coinsValue } from '../../../lib/banner-text.ts';
import { lookOf } from '../../../lib/character-images.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useDeleteMember } from '../api/delete-member.ts';
import { useRenameMember } from '../api/rename-member.ts';
import { useSetMemberCharacter } from '../api/set-member-character.ts';
import { useSetMemberSkinTone } from '../api/set-member-skin-tone.ts';
import { useSetMemberPassword } from '../api/set-member-password.ts';
import { useToggleSmallGroup } from '../api/toggle-small-group.ts';
import { useIssueBadges } from '../api/issue-badges.ts';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import type { BadgeSheetProps } from './badge-sheet.tsx';
import { SmallGroupDot } from '../../../components/small-group-dot.tsx';
import { IconPrinter } from '../../../components/teacher-icons.tsx';

/** The printed badge: its code comes with the first badge printed. */
const BadgeSheet = lazyDialog<BadgeSheetProps>(
  () => import('./badge-sheet.tsx').then((module) => module.BadgeSheet),
  (props) => props.cards.length > 0,
);

/** Issue 31: a new badge for one student (a lost one, or the first), printed on its own; the old one stops working. */
function NewBadgeSection({ member, groupName }: { member: TMember; groupName: string | null }) {
  const { t } = useTranslation();
  const issue = useIssueBadges(member.group_id);
  const [confirming, setConfirming] = useState(false);
  const [badge, setBadge] = useState<{ url: string; request: number } | null>(null);

  function handleIssue() {
    issue.mutate([member.id], {
      onSuccess: ([issued]) => {
        setConfirming(false);
        if (issued) setBadge((previous) => ({ url: issued.url, request: (previous?.request ?? 0) + 1 }));
      },
      onError: (error) => {
        setConfirming(false);
        showErrorCode(errorCodeOf(error));
      },
    });
  }

  return (
    <SettingsSection title={t('groups.member.settings.badge')} testId="member-badge">
      <Text size="sm" c="dark.5">
        {t(member.has_badge === false ? 'groups.member.settings.badgeNoneHint' : 'groups.member.settings.badgeHint', { username: member.username })}
      </Text>
      <Button
        variant="default"
        w="fit-content"
        leftSection={<IconPrinter size={18} />}
        loading={issue.isPending && !confirming}
        onClick={() => (member.has_badge === false ? handleIssue() : setConfirming(true))}
      >
        {t('groups.member.settings.newBadge')}
      </Button>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={handleIssue}
        loading={issue.isPending}
        title={t('groups.member.settings.newBadgeTitle')}
      >
        <Text>{t('groups.member.settings.newBadgeText', { username: member.username })}</Text>
      </ConfirmModal>
      <BadgeSheet
        groupName={groupName ?? ''}
        cards={badge ? [{ memberId: member.id, username: member.username, url: badge.url, face: member.face, hair: member.hair, skin_tone: member.skin_tone }] : []}
        printRequest={badge?.request ?? 0}
      />
    </SettingsSection>
  );
}

interface MemberSettingsProps {
  teacherId: string;
  member: TMember;
  groupName: string | null;
}

/** Spec section 2, member settings: profile picture, username, small group, group, password, delete. */
export function MemberSettings({ teacherId, member, groupName }: MemberSettingsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // The control moves at once and settles on the server's answer.
  const [pendingColor, setPendingColor] = useState<string | null>(null);
  const rename = useRenameMember(member.id);
  const setPassword = useSetMemberPassword(member.id);
  const toggleSmallGroup = useToggleSmallGroup(member.group_id);
  const deleteMember = useDeleteMember(teacherId, member);
  const setCharacter = useSetMemberCharacter(member.id);
  const setSkinTone = useSetMemberSkinTone(member.id);
  // The demo at /proto keeps its five sample students, which have no password (issue 19).
  const demo = useSession().user?.demo === true;

  function handleDelete() {
    const { username, coins } = member;
    deleteMember.mutate(undefined, {
      onSuccess: () => {
        setConfirmingDelete(false);
        showSuccessOnNextPage('success.MEMBER_DELETED', { username, coins: coinsValue(coins) });
        void navigate('/teacher/groups');
      },
      onError: (error) => {
        setConfirmingDelete(false);
        showErrorCode(errorCodeOf(error));
      },
    });
  }

  return (
    <Stack gap="md">
      <SettingsSection title={t('profile.picture.title')} testId="member-picture">
        <CharacterPicker
          mode="ownedOnly"
          look={lookOf(member.face, member.hair, member.skin_tone)}
          username={member.username}
          unlocked={{ face: member.unlocked_faces, hair: member.unlocked_hairs }}
          wear={(part) => setCharacter.mutateAsync(part)}
          setTone={(tone) => setSkinTone.mutateAsync(tone)}
        />
      </SettingsSection>

      <SettingsSection title={t('groups.member.settings.username')}>
        <UsernameForm key={member.id} current={member.username} save={(username) => rename.mutateAsync(username)} isSaving={rename.isPending} />
      </SettingsSection>

      <SettingsSection title={t('groups.member.settings.smallGroup')}>
        <Text size="sm" c="dark.5">
          {t('groups.member.settings.smallGroupHint')}
        </Text>
        <SegmentedControl
          aria-label={t('groups.member.settings.smallGroup')}
          value={pendingColor ?? member.small_group}
          disabled={toggleSmallGroup.isPending}
          // The server toggles; choosing the colour already set does nothing (spec section 4).
          onChange={(color) => {
            if (color === member.small_group) return;
            setPendingColor(color);
            toggleSmallGroup.mutate(member.id, {
              onError: (error) => showErrorCode(errorCodeOf(error)),
              onSettled: () => setPendingColor(null),
            });
          }}
          data={SMALL_GROUPS.map((color) => ({
            value: color,
            label: (
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                <SmallGroupDot color={color} />
                {t(`groups.smallGroups.${color}`)}
              </span>
            ),
          }))}
          w={{ base: '100%', xs: 320 }}
        />
        <Text size="sm" data-testid="member-group-name">
          {t('groups.member.settings.group')}{' '}
          <Text span fw={700}>
            {groupName ?? '…'}
          </Text>
        </Text>
      </SettingsSection>

      {!demo && (
        <>
          <NewBadgeSection member={member} groupName={groupName} />

          <SettingsSection title={t('groups.member.settings.password')}>
            <PasswordChangeForm
              withOldPassword={false}
              save={({ password }) => setPassword.mutateAsync(password)}
              isSaving={setPassword.isPending}
              submitLabel={t('groups.member.settings.setPassword')}
              successKey="success.MEMBER_PASSWORD_SET"
              hint={t('groups.member.settings.passwordHint')}
            />
          </SettingsSection>

          <TypeToConfirm
            title={t('groups.member.settings.deleteTitle')}
            description={t('groups.member.settings.deleteText', { count: member.coins })}
            inputLabel={t('groups.member.settings.deleteInput')}
            inputHint={t('groups.member.settings.deleteHint', { username: member.username })}
            expected={member.username}
            buttonLabel={t('groups.member.settings.delete')}
            onRequest={() => setConfirmingDelete(true)}
          />
          <ConfirmModal
            opened={confirmingDelete}
            onClose={() => setConfirmingDelete(false)}
            onConfirm={handleDelete}
            loading={deleteMember.isPending}
            danger
            title={t('groups.member.settings.confirmTitle')}
          >
            <Text>{t('groups.member.settings.confirmText', { username: member.username, count: member.coins })}</Text>
          </ConfirmModal>
        </>
      )}
    </Stack>
  );
}
