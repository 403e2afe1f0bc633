import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { QueryError } from '../../../components/query-error.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { useBlockedTeachers } from '../api/get-blocked-teachers.ts';
import { useUnblockTeacher } from '../api/unblock-teacher.ts';

/** The profile's blocked teachers (spec section 6: a sender can be blocked), each with a way to lift the block. */
export function BlockedTeachers({ teacherId }: { teacherId: string }) {
  const { t } = useTranslation();
  const blocks = useBlockedTeachers(teacherId);
  const unblock = useUnblockTeacher(teacherId);

  function handleUnblock(username: string) {
    if (unblock.isPending) return;
    unblock.mutate(username, {
      onSuccess: () => showSuccess('teacherShare.blockedList.unblocked', { username }),
      onError: (error) => showErrorCode(errorCodeOf(error)),
    });
  }

  return (
    <SettingsSection title={t('teacherShare.blockedList.title')} testId="blocked-teachers">
      <Text size="sm" c="dark.5">
        {t('teacherShare.blockedList.text')}
      </Text>
      {blocks.isPending ? <Skeleton height={40} radius="md" aria-label={t('common.loading')} /> : null}
      {blocks.isError ? <QueryError error={blocks.error} onRetry={() => void blocks.refetch()} /> : null}
      {blocks.data?.length === 0 ? (
        <Text size="sm" fw={600} data-testid="blocked-teachers-empty">
          {t('teacherShare.blockedList.empty')}
        </Text>
      ) : null}
      {blocks.data && blocks.data.length > 0 ? (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('teacherShare.blockedList.title')}>
          {blocks.data.map((block) => (
            <Group
              component="li"
              key={block.username}
              justify="space-between"
              gap="xs"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
              data-testid={`blocked-${block.username}`}
            >
              <Stack gap={0} miw={0}>
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {block.username}
                </Text>
                <Text size="xs" c="dark.5">
                  {t('teacherShare.blockedList.since', { date: formatDate(block.blocked_at) })}
                </Text>
              </Stack>
              <Button
                variant="default"
                size="xs"
                onClick={() => handleUnblock(block.username)}
                loading={unblock.isPending && unblock.variables === block.username}
                aria-label={t('teacherShare.blockedList.unblockLabel', { username: block.username })}
              >
                {t('teacherShare.blockedList.unblock')}
              </Button>
            </Group>
          ))}
        </Stack>
      ) : null}
    </SettingsSection>
  );
}
