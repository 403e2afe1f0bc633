import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Checkbox, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { MODAL_WIDTH_COMMUNITY_PX } from '@kolikko/core/limits';
import type { TCommunityItem } from '@kolikko/core/schemas/community';
import { CoinIcon, IconAlertTriangle, IconCircleCheck } from '../../../components/icons.tsx';
import { TodoContent } from '../../../components/todo-content.tsx';
import { useSession } from '../../../lib/auth.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { useBuyCommunityList, type CommunityPurchase } from '../api/buy-community-list.ts';
import { CommunityPrice, CommunityTags } from './community-labels.tsx';

/** The detail popup's id in its modal stack; the owner's modals open over it with ids of their own. */
export const DETAIL_STACK_ID = 'community-detail';

export type CommunityViewer = { kind: 'teacher'; coins: number } | { kind: 'visitor' };

interface CommunityDetailModalProps {
  item: TCommunityItem | null;
  viewer: CommunityViewer;
  onClose: () => void;
  /** The publisher's own actions (edit, stop publishing), plugged in by the teacher's page. */
  renderOwnerActions?: (item: TCommunityItem, close: () => void) => ReactNode;
}

/** Spec sections 2 and 5: buying needs a ticked confirmation; the server's refusal shows here, in the popup. */
function BuyPanel({ item, coins }: { item: TCommunityItem; coins: number }) {
  const { t } = useTranslation();
  const buy = useBuyCommunityList();
  const [confirming, setConfirming] = useState(false);
  const [checked, setChecked] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [done, setDone] = useState<CommunityPurchase | null>(null);
  // The price the buyer is shown and agrees to: the item's, or the one the server said it has now
  // (COMMUNITY.PRICE_CHANGED, issue 35), which must be confirmed again.
  const [price, setPrice] = useState(item.price);
  const free = price === 0 || item.bought;
  // The demo at /proto browses the community but buys nothing from it (issue 19).
  const demo = useSession().user?.demo === true;

  if (demo) return null;
  if (done) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} title={t('community.detail.doneTitle')} data-testid="community-bought">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('community.detail.doneText', { title: item.title })}</Text>
          {!done.charged && price > 0 ? <Text size="sm">{t('community.detail.doneFree')}</Text> : null}
          <Button component={Link} to={`/teacher/todos/${done.todolist.id}`}>
            {t('community.detail.open')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const error = errorCode ? (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert" data-testid="community-buy-error">
      {t(errorMessageKey(errorCode))}
    </Alert>
  ) : null;

  if (!confirming) {
    return (
      <Stack gap="sm">
        {item.bought ? <Text size="sm">{t('community.detail.boughtNote')}</Text> : null}
        {error}
        <Group justify="flex-end">
          <Button onClick={() => setConfirming(true)} leftSection={free ? undefined : <CoinIcon size={18} aria-hidden="true" />}>
            {item.bought ? t('community.detail.getAgain') : price === 0 ? t('community.detail.buyFree') : t('community.detail.buy')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const priceText = t('common.coinsAmount', { count: price });
  const text = item.bought
    ? t('community.detail.confirmTextAgain', { title: item.title })
    : price === 0
      ? t('community.detail.confirmTextFree', { title: item.title })
      : t('community.detail.confirmText', { title: item.title, price: priceText });

  return (
    <Stack gap="sm" data-testid="community-buy-confirm" role="group" aria-label={t('community.detail.confirmTitle')}>
      <Title order={3} fz="md">
        {t('community.detail.confirmTitle')}
      </Title>
      <Text size="sm">{text}</Text>
      {free ? null : (
        <Text size="sm" c="dimmed">
          {t('community.detail.yourCoins', { coins })}
        </Text>
      )}
      <Checkbox
        label={free ? t('community.detail.confirmCheckFree') : t('community.detail.confirmCheck')}
        checked={checked}
        onChange={(event) => setChecked(event.currentTarget.checked)}
        data-autofocus
      />
      {error}
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          onClick={() => {
            setConfirming(false);
            setChecked(false);
          }}
          disabled={buy.isPending}
        >
          {t('common.cancel')}
        </Button>
        <Button
          disabled={!checked}
          loading={buy.isPending}
          onClick={() => {
            setErrorCode(null);
            buy.mutate(
              { todolistId: item.todolist_id, price },
              {
                onSuccess: setDone,
                onError: (failure) => {
                  setErrorCode(errorCodeOf(failure));
                  // Another price now: shown in the text above, to be ticked and confirmed again.
                  const now = failure instanceof ApiError ? failure.details.price : undefined;
                  if (failure instanceof ApiError && failure.errorCode === 'COMMUNITY.PRICE_CHANGED' && now !== undefined) {
                    setPrice(now);
                    setChecked(false);
                  }
                },
              },
            );
          }}
        >
          {t('common.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

function VisitorPanel() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('community.detail.visitorNote')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button component={Link} to="/teacher/signup" variant="default">
          {t('community.detail.signUp')}
        </Button>
        <Button component={Link} to="/teacher/login">
          {t('community.detail.signIn')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The detail popup: description, the preview todos and what the viewer can do with the list. */
export function CommunityDetailModal({ item, viewer, onClose, renderOwnerActions }: CommunityDetailModalProps) {
  const { t } = useTranslation();
  // A stack: the publisher's edit form and stop confirmation open over the popup.
  return (
    <Modal.Stack>
      <Modal
        stackId={DETAIL_STACK_ID}
        opened={item !== null}
        onClose={onClose}
        size={MODAL_WIDTH_COMMUNITY_PX}
        title={item?.title}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        styles={{ title: { fontWeight: 800, fontSize: 20, overflowWrap: 'anywhere' } }}
        data-testid="community-detail"
      >
        {item ? (
          <Stack gap="md">
            <Group justify="space-between" align="center" gap="xs">
              <Text size="sm" c="dimmed">
                {t('community.publisher', { username: item.shared_by_username })} · {formatDate(item.shared_at)}
              </Text>
              <Group gap={6}>
                {item.own ? <Badge variant="light" tt="none">{t('community.own')}</Badge> : null}
                {item.bought ? <Badge variant="light" color="teal" tt="none">{t('community.bought')}</Badge> : null}
                <CommunityPrice price={item.price} />
              </Group>
            </Group>
            <CommunityTags item={item} />
            <section aria-labelledby="community-detail-description">
              <Title order={3} fz="md" id="community-detail-description" mb={4}>
                {t('community.detail.description')}
              </Title>
              <TodoContent html={item.description} todoId={item.id} imagepath={null} />
            </section>
            <Divider />
            <section aria-labelledby="community-detail-preview">
              <Title order={3} fz="md" id="community-detail-preview" mb={4}>
                {t('community.detail.preview')}{' '}
                <Text span size="sm" c="dimmed" fw={400}>
                  ({t('community.todoCount', { count: item.todo_count })})
                </Text>
              </Title>
              {item.todos.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('community.detail.noTodos')}
                </Text>
              ) : (
                <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="community-preview">
                  {item.todos.map((todo) => (
                    <Group key={todo.id} component="li" wrap="nowrap" align="flex-start" gap="sm" p="xs" bd="1px solid var(--mantine-color-gray-3)" style={{ borderRadius: 8 }}>
                      <Badge variant="light" circle size="lg" aria-hidden="true">
                        {todo.position}
                      </Badge>
                      <TodoContent html={todo.content_html} todoId={todo.id} imagepath={todo.imagepath} />
                    </Group>
                  ))}
                </Stack>
              )}
              {item.more_count > 0 ? (
                <Text size="sm" fw={700} mt="xs" data-testid="community-more">
                  {t('community.detail.andMore', { count: item.more_count })}
                </Text>
              ) : null}
            </section>
            <Divider />
            {viewer.kind === 'visitor' ? (
              <VisitorPanel />
            ) : item.own ? (
              <Stack gap="sm">
                <Text size="sm">{t('community.detail.ownNote')}</Text>
                {renderOwnerActions?.(item, onClose)}
              </Stack>
            ) : (
              <BuyPanel key={item.id} item={item} coins={viewer.coins} />
            )}
          </Stack>
        ) : null}
      </Modal>
    </Modal.Stack>
  );
}
