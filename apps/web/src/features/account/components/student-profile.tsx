import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TMemberUser } from '@kolikko/core/schemas/auth';
import { CharacterPicker } from '../../../components/character-picker.tsx';
import { CoinBadge } from '../../../components/coin-badge.tsx';
import { LanguageToggle } from '../../../components/language-toggle.tsx';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { UsernameForm } from '../../../components/username-form.tsx';
import { useRefreshSessionOnMount } from '../../../lib/auth.ts';
import { lookOf } from '../../../lib/character-images.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useDeleteStudent } from '../api/delete-student.ts';
import { useRenameStudent } from '../api/rename-student.ts';
import { useSetStudentSkinTone } from '../api/set-student-skin-tone.ts';
import { useUnlockCharacter } from '../api/unlock-character.ts';
import { useWearStudentCharacter } from '../api/wear-student-character.ts';
import { CoinTransfer } from './coin-transfer.tsx';
import { DataExport } from './data-export.tsx';
import { DeleteAccount } from './delete-account.tsx';

/** /student/profile: own coins, character, coin transfer, username, language, the data export and deleting the own account. */
export function StudentProfile({ student }: { student: TMemberUser }) {
  const { t } = useTranslation();
  usePageTitle(t('student.pages.profile'));
  const rename = useRenameStudent(student.id);
  const remove = useDeleteStudent(student.id);
  const unlock = useUnlockCharacter(student.id);
  const wear = useWearStudentCharacter(student.id);
  const tone = useSetStudentSkinTone(student.id);
  // Coins move from elsewhere too (the teacher's awards): the purse here should be today's.
  useRefreshSessionOnMount();

  return (
    <Stack gap="md" maw={860} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group gap="md" wrap="nowrap">
          <MemberAvatar face={student.face} hair={student.hair} skinTone={student.skin_tone} username={student.username} size={88} />
          <Stack gap={6} miw={0}>
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
              {student.username}
            </Title>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {t('student.home.balance')}
              </Text>
              <CoinBadge coins={student.coins} />
            </Group>
          </Stack>
        </Group>
      </Paper>

      <SettingsSection title={t('profile.picture.title')} testId="profile-picture">
        <CharacterPicker
          mode="buy"
          look={lookOf(student.face, student.hair, student.skin_tone)}
          username={student.username}
          unlocked={{ face: student.unlocked_faces, hair: student.unlocked_hairs }}
          coins={student.coins}
          wear={(part) => wear.mutateAsync(part)}
          unlock={(part) => unlock.mutateAsync(part)}
          setTone={(skinTone) => tone.mutateAsync(skinTone)}
        />
      </SettingsSection>

      <SettingsSection title={t('transfer.title')} testId="coin-transfer">
        <CoinTransfer student={student} />
      </SettingsSection>

      <SettingsSection title={t('profile.username')}>
        <UsernameForm current={student.username} save={(username) => rename.mutateAsync(username)} isSaving={rename.isPending} />
      </SettingsSection>

      <SettingsSection title={t('profile.language.title')}>
        <Text size="sm" c="dark.5">
          {t('profile.language.text')}
        </Text>
        <LanguageToggle size="sm" label={t('profile.language.toggle')} />
      </SettingsSection>

      {/* A sample student of the demo at /proto has no data of a person's to export, and is not deleted (issues 18, 19). */}
      {!student.demo && <DataExport area="student" userId={student.id} />}

      {!student.demo && <DeleteAccount area="student" username={student.username} remove={() => remove.mutateAsync()} isRemoving={remove.isPending} />}
    </Stack>
  );
}
