import { lazy, Suspense, useState, type ComponentPropsWithRef } from 'react';
import { ActionIcon } from '@mantine/core';
import type { TAwardReason } from '@kolikko/core/schemas/reasons';
import { IconPlus } from '../../../components/teacher-icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

const QuickAwardMenu = lazy(() => import('./quick-award-menu.tsx').then((module) => ({ default: module.QuickAwardMenu })));

export interface QuickAwardProps {
  username: string;
  /** The reasons offered, in order ("needs work" ones only where allowed); undefined while they load. */
  reasons: TAwardReason[] | undefined;
  disabled: boolean;
  onAward: (reason: TAwardReason) => void;
  /** Opens the reasons' editor; left out for a co-teacher (the reasons are the owner's). */
  onEditReasons?: (() => void) | undefined;
}

/** The "+" of a member card: the button of its reasons menu. */
export function QuickAwardTarget({ username, expanded = false, ...rest }: { username: string; expanded?: boolean } & Omit<ComponentPropsWithRef<'button'>, 'children' | 'color' | 'style'>) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="light"
      color="indigo"
      size="lg"
      radius="xl"
      aria-label={t('groups.reasons.awardOne', { username })}
      aria-haspopup="menu"
      aria-expanded={expanded}
      data-testid={`quick-award-${username}`}
      {...rest}
    >
      <IconPlus size={18} />
    </ActionIcon>
  );
}

/**
 * One student's award with a reason, from its card. Mantine's Menu brings its positioning engine,
 * so the card shows the button alone and the menu is fetched on the first click, opening at once.
 */
export function QuickAwardButton(props: QuickAwardProps) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <QuickAwardTarget username={props.username} onClick={() => setWanted(true)} />;
  return (
    <Suspense fallback={<QuickAwardTarget username={props.username} expanded />}>
      <QuickAwardMenu {...props} />
    </Suspense>
  );
}
