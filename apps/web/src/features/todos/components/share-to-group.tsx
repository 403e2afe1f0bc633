import { useState } from 'react';
import { Button, Flex, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TGroup } from '@kolikko/core/schemas/groups';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconCheck, IconX } from '../../../components/teacher-icons.tsx';
import { SmallGroupDot } from '../../../components/small-group-dot.tsx';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useShareTodolist, type ShareColor } from '../api/share-todolist.ts';

const COLORS = ['blue', 'orange'] as const;

interface ShareToGroupProps {
  teacherId: string;
  list: TTodolist;
  group: TGroup;
  /** A list's name by id, for what each small group is shown now. */
  nameOf: (todolistId: string) => string | null;
}

/**
 * Spec section 4: show the list to the active group's blue or orange small group, or stop
 * showing both lists. The colour already set does nothing; stop is disabled with both empty.
 */
export function ShareToGroup({ teacherId, list, group, nameOf }: ShareToGroupProps) {
  const { t } = useTranslation();
  const share = useShareTodolist(teacherId);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const shared = { blue: group.blue_shared_id, orange: group.orange_shared_id };
  const bothEmpty = shared.blue === null && shared.orange === null;

  function run(color: ShareColor) {
    if (share.isPending) return;
    if (color !== 'reset' && shared[color] === list.id) return;
    if (color === 'reset' && bothEmpty) return;
    share.mutate(
      { groupId: group.id, color, todolistId: list.id },
      {
        onSuccess: () => {
          setConfirmingReset(false);
          if (color === 'reset') showSuccess('todos.share.stopped', { group: group.name });
          else showSuccess('todos.share.done', { name: list.name, color: { key: `groups.smallGroups.${color}` }, group: group.name });
        },
        onError: (error) => {
          setConfirmingReset(false);
          showErrorCode(errorCodeOf(error));
        },
      },
    );
  }

  function describe(color: 'blue' | 'orange'): string {
    const id = shared[color];
    if (id === null) return t('todos.share.nothing');
    if (id === list.id) return t('todos.share.thisList');
    return nameOf(id) ?? t('todos.share.otherList');
  }

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="share-title" data-testid="share-to-group">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md" id="share-title">
            {t('todos.share.title')}
          </Title>
          <Text size="sm" c="dark.5">
            {t('todos.share.intro', { group: group.name })}
          </Text>
        </div>
        <Stack gap={4} data-testid="share-status">
          {COLORS.map((color) => (
            <Group key={color} gap={8} wrap="nowrap">
              <SmallGroupDot color={color} />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={700}>
                  {t(`groups.smallGroups.${color}`)}:
                </Text>{' '}
                <span data-testid={`share-status-${color}`}>{describe(color)}</span>
              </Text>
            </Group>
          ))}
        </Stack>
        {/* Full-width buttons stacked on a phone; a row from 36em on. */}
        <Flex direction={{ base: 'column', xs: 'row' }} gap="xs">
          {COLORS.map((color) => {
            const isSet = shared[color] === list.id;
            return (
              <Button
                key={color}
                // A pale fill with dark text reads well in both colours (white on orange would not).
                variant={isSet ? 'filled' : 'default'}
                color={isSet ? `${color}.2` : undefined}
                c="dark.9"
                leftSection={isSet ? <IconCheck size={16} /> : <SmallGroupDot color={color} />}
                aria-pressed={isSet}
                loading={share.isPending && share.variables.color === color}
                onClick={() => run(color)}
                data-testid={`share-${color}`}
              >
                {t(`todos.share.to.${color}`)}
              </Button>
            );
          })}
          <Button
            variant="default"
            leftSection={<IconX size={16} />}
            disabled={bothEmpty}
            loading={share.isPending && share.variables.color === 'reset'}
            onClick={() => setConfirmingReset(true)}
          >
            {t('todos.share.reset')}
          </Button>
        </Flex>
      </Stack>
      <ConfirmModal
        opened={confirmingReset}
        onClose={() => setConfirmingReset(false)}
        onConfirm={() => run('reset')}
        loading={share.isPending}
        danger
        title={t('todos.share.resetTitle')}
      >
        <Text>{t('todos.share.resetText', { group: group.name })}</Text>
      </ConfirmModal>
    </Paper>
  );
}
