import { Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import { CharacterPicker } from '../../../components/character-picker.tsx';
import { CoinBadge } from '../../../components/coin-badge.tsx';
import { LanguageToggle } from '../../../components/language-toggle.tsx';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { PasswordChangeForm } from '../../../components/password-change-form.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { UsernameForm } from '../../../components/username-form.tsx';
import { lookOf } from '../../../lib/character-images.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useChangeTeacherPassword } from '../api/change-teacher-password.ts';
import { useDeleteTeacher } from '../api/delete-teacher.ts';
import { useRenameTeacher } from '../api/rename-teacher.ts';
import { useSetTeacherSkinTone } from '../api/set-teacher-skin-tone.ts';
import { useWearTeacherCharacter } from '../api/wear-teacher-character.ts';
import { BlockedTeachers } from './blocked-teachers.tsx';
import { DataExport } from './data-export.tsx';
import { DeleteAccount } from './delete-account.tsx';
import { SignInMethods } from './sign-in-methods.tsx';

/** /teacher/profile: picture, username, e-mail (read-only), password, language, data export, delete account. */
export function TeacherProfile({ teacher }: { teacher: TTeacherUser }) {
  const { t } = useTranslation();
  usePageTitle(t('teacher.pages.profile'));
  const rename = useRenameTeacher(teacher.id);
  const changePassword = useChangeTeacherPassword(teacher.id);
  const remove = useDeleteTeacher(teacher.id);
  const wear = useWearTeacherCharacter(teacher.id);
  const tone = useSetTeacherSkinTone(teacher.id);

  return (
    <Stack gap="md" maw={860}>
      <Group gap="md" wrap="nowrap">
        <MemberAvatar face={teacher.face} hair={teacher.hair} skinTone={teacher.skin_tone} username={teacher.username} size={88} />
        <Stack gap={4} miw={0}>
          <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
            {t('profile.title')}
          </Title>
          <Group gap="xs">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {teacher.username}
            </Text>
            <CoinBadge coins={teacher.coins} />
          </Group>
        </Stack>
      </Group>

      <SettingsSection title={t('profile.picture.title')} testId="profile-picture">
        <CharacterPicker
          mode="free"
          look={lookOf(teacher.face, teacher.hair, teacher.skin_tone)}
          username={teacher.username}
          wear={(part) => wear.mutateAsync(part)}
          setTone={(skinTone) => tone.mutateAsync(skinTone)}
        />
      </SettingsSection>

      <SettingsSection title={t('profile.username')}>
        <UsernameForm current={teacher.username} save={(username) => rename.mutateAsync(username)} isSaving={rename.isPending} />
      </SettingsSection>

      {/* The demo at /proto has no e-mail address or password, and cannot be deleted (issue 19). */}
      {!teacher.demo && (
        <SettingsSection title={t('profile.email.title')}>
          <TextInput
            label={t('auth.fields.email')}
            description={t('profile.email.readOnly')}
            value={teacher.email}
            readOnly
            maw={420}
            data-testid="profile-email"
          />
        </SettingsSection>
      )}

      {!teacher.demo && (
        <SettingsSection title={t('profile.password')}>
          <PasswordChangeForm
            withOldPassword
            save={({ oldPassword, password }) => changePassword.mutateAsync({ oldPassword, newPassword: password })}
            isSaving={changePassword.isPending}
            submitLabel={t('profile.changePassword')}
            successKey="success.PASSWORD_CHANGED"
          />
        </SettingsSection>
      )}

      {/* Issue 34: the providers linked to the account, and the ones the operator configured to link. */}
      {!teacher.demo && <SignInMethods teacherId={teacher.id} />}

      <SettingsSection title={t('profile.language.title')}>
        <Text size="sm" c="dark.5">
          {t('profile.language.text')}
        </Text>
        <LanguageToggle size="sm" label={t('profile.language.toggle')} />
      </SettingsSection>

      {!teacher.demo && <BlockedTeachers teacherId={teacher.id} />}

      {/* A demo's data is the demo's, not a person's: nothing to hand over (issue 18). */}
      {!teacher.demo && <DataExport area="teacher" userId={teacher.id} />}

      {!teacher.demo && <DeleteAccount area="teacher" username={teacher.username} remove={() => remove.mutateAsync()} isRemoving={remove.isPending} />}
    </Stack>
  );
}
