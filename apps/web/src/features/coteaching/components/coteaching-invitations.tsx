import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { formatLastDay } from '../last-day.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useAnswerInvitation, useInvitations } from '../api/coteaching.ts';

/**
 * Issue 34, on the teacher's home page: the invitations to co-teach another teacher's group,
 * each accepted (the group joins the teacher's groups at once) or declined. Nothing shows while
 * there are none.
 */
export function CoteachingInvitations({ teacherId, demo }: { teacherId: string; demo: boolean }) {
  const { t } = useTranslation();
  // A demo's teacher is never invited (its classroom is a visitor's).
  const invitations = useInvitations(!demo);
  const answer = useAnswerInvitation(teacherId);
  if (!invitations.data || invitations.data.length === 0) return null;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invitations-title" data-testid="coteaching-invitations">
      <Stack gap="md">
        <Title order={2} fz={20} id="invitations-title">
          {t('teacher.invitations.title')}
        </Title>
        {invitations.data.map((invitation) => {
          const busy = answer.isPending && answer.variables.id === invitation.id;
          const respond = (kind: 'accept' | 'decline') =>
            answer.mutate(
              { id: invitation.id, answer: kind },
              {
                onSuccess: () => showSuccess(kind === 'accept' ? 'success.COTEACHING_ACCEPTED' : 'success.COTEACHING_DECLINED', { name: invitation.group_name }),
                onError: (error) => showErrorCode(errorCodeOf(error)),
              },
            );
          return (
            <Group key={invitation.id} justify="space-between" gap="sm" wrap="wrap" data-testid={`invitation-${invitation.group_name}`}>
              <Stack gap={2} miw={0} flex="1 1 240px">
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {t('teacher.invitations.text', { owner: invitation.owner_username, name: invitation.group_name })}
                </Text>
                <Text size="sm" c="dark.5">
                  {invitation.until
                    ? t('teacher.invitations.until', { date: formatLastDay(invitation.until) })
                    : t('teacher.invitations.untilRemoved')}
                </Text>
              </Stack>
              <Group gap={6}>
                <Button size="sm" onClick={() => respond('accept')} loading={busy && answer.variables.answer === 'accept'} disabled={busy}>
                  {t('teacher.invitations.accept')}
                </Button>
                <Button size="sm" variant="default" onClick={() => respond('decline')} loading={busy && answer.variables.answer === 'decline'} disabled={busy}>
                  {t('teacher.invitations.decline')}
                </Button>
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
