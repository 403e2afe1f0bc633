import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Loader, VisuallyHidden } from '@mantine/core';
import type { TeacherGaveCoinsPayload } from '@kolikko/core/events';
import { AWARD_REASON_ICONS, type AwardReasonIcon } from '@kolikko/core/enumerations';
import { formatJoinCode } from '@kolikko/core/rules/identity';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import type { TAwardReason } from '@kolikko/core/schemas/reasons';
import { CoinIcon, IconQrcode } from '../../../components/icons.tsx';
import { IconHelp, IconMaximize } from '../../../components/teacher-icons.tsx';
import { NotificationBanner } from '../../../components/notification-banner.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { showBanner, showErrorCode } from '../../../lib/banner.ts';
import { coinsValue } from '../../../lib/banner-text.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { useParams } from '../../../lib/router.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { boardQueryKey, useBoard } from '../api/get-board.ts';
import { useReasons } from '../api/get-reasons.ts';
import { useToolkit } from '../api/get-toolkit.ts';
import { usePickStudent } from '../api/pick-student.ts';
import { useSetTimer } from '../api/set-timer.ts';
import { playSound, setSoundEnabled, unlockSounds, useSoundState } from '../board-sounds.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { useGiveAward, type AwardProblem } from '../hooks/use-give-award.ts';
import { useQrCode } from '../hooks/use-qr-code.ts';
import { useToolkitLive } from '../hooks/use-toolkit-live.ts';
import { AwardSnackbar } from './award-snackbar.tsx';
import type { BoardAwardDialogProps } from './board-award-dialog.tsx';
import { BoardGrid, type BoardStudent, type TileGlow } from './board-grid.tsx';
import type { BoardHelpProps } from './board-help.tsx';
import { IconVolume, IconVolumeOff } from './board-icons.tsx';
import { PickedCard, usePickerAnimation, type Pick } from './board-picked.tsx';
import { BoardTeams } from './board-teams.tsx';
import { BoardTimer } from './board-timer.tsx';
import classes from './board-page.module.css';

// Mantine's dialogs (focus trap, portal, overlay) come with the first one opened, as elsewhere:
// in the board's own chunk they would count towards the pages that share them (build/area-chunks.ts).
const BoardAwardDialog = lazyDialog<BoardAwardDialogProps>(
  () => import('./board-award-dialog.tsx').then((module) => module.BoardAwardDialog),
  (props) => props.member !== null,
);
const BoardHelp = lazyDialog<BoardHelpProps>(
  () => import('./board-help.tsx').then((module) => module.BoardHelp),
  (props) => props.opened,
);

/** How long an award glows on its tile. */
const GLOW_MS = 3500;
/** Awards to a class arrive as one event a student: the board reads itself again once they are in. */
const REFETCH_AFTER_MS = 250;
/** T on a timer never set starts five minutes. */
const DEFAULT_TIMER_SECONDS = 300;

function isReasonIcon(icon: string | undefined): icon is AwardReasonIcon {
  return AWARD_REASON_ICONS.some((known) => known === icon);
}

function showAwardProblem(problem: AwardProblem) {
  if (problem.kind === 'error') showBanner('error', problem.key);
  else showBanner('error', 'groups.award.notEnough', { needed: coinsValue(problem.needed), available: coinsValue(problem.available) });
}

/** A key press meant for a text field or a control of its own, not for the board. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** The join code and its QR code, in the board's corner, for students joining in the lesson. */
function JoinCorner({ code }: { code: string }) {
  const { t } = useTranslation();
  const link = `${window.location.origin}/student/signup?code=${encodeURIComponent(code)}`;
  const qr = useQrCode(link);
  return (
    <aside className={classes.join} aria-labelledby="board-join-label" data-testid="board-join">
      <div className={classes.joinText}>
        <p className={classes.joinLabel} id="board-join-label">
          {t('board.join.label')}
        </p>
        <p className={classes.joinCode} aria-label={t('board.join.codeAria', { code: code.split('').join(' ') })} data-testid="board-join-code">
          {formatJoinCode(code)}
        </p>
        <p className={classes.joinAddress}>{`${window.location.host}/student/signup`}</p>
      </div>
      {qr.data ? <img src={qr.data} alt={t('board.join.qrAlt')} className={classes.joinQr} /> : <span className={classes.joinQr} />}
    </aside>
  );
}

function SoundButton() {
  const { t } = useTranslation();
  const { enabled, unlocked } = useSoundState();
  // Until the page may play (a click), the board asks for it in words; then a switch of its own.
  if (!enabled || !unlocked) {
    // On a narrower screen (1280 px) the words make way for the class's name: the icon stays, filled.
    return (
      <>
        <Button size="md" radius="xl" leftSection={<IconVolumeOff size={20} />} onClick={unlockSounds} className={classes.wide} data-testid="board-sound">
          {t('board.sound.turnOn')}
        </Button>
        <ActionIcon size={44} radius="xl" variant="filled" onClick={unlockSounds} title={t('board.sound.turnOn')} aria-label={t('board.sound.turnOn')} className={classes.narrow}>
          <IconVolumeOff size={22} />
        </ActionIcon>
      </>
    );
  }
  return (
    <ActionIcon size={44} radius="xl" variant="light" onClick={() => setSoundEnabled(false)} title={t('board.sound.on')} aria-label={t('board.sound.on')} aria-pressed data-testid="board-sound">
      <IconVolume size={22} />
    </ActionIcon>
  );
}

/**
 * /teacher/board/:groupId (issue 32): the class on the projector, full screen, without the
 * teacher's header. Every student's face and nickname, as many as 40 on a 1366 × 768 screen at
 * once, in name order; the coins the group's setting lets it show; the class's coins earned
 * today; the join code. Live: an award glows on its student's tile (never a "needs work" one),
 * the picker lands on a student, teams and the timer show as the remote (or this keyboard) makes
 * them.
 */
export function BoardPage({ teacher }: { teacher: TTeacherUser }) {
  const { t } = useTranslation();
  const { groupId = '' } = useParams();
  const board = useBoard(groupId);
  const toolkit = useToolkit(groupId);
  const reasons = useReasons(groupId);
  const giving = useGiveAward(groupId, teacher.coins);
  const pick = usePickStudent(groupId);
  const timerAction = useSetTimer(groupId);
  usePageTitle(board.data ? t('board.pageTitle', { name: board.data.name }) : t('board.title'));

  const [showJoin, setShowJoin] = useState(true);
  const [view, setView] = useState<'class' | 'teams'>('class');
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [choosing, setChoosing] = useState<BoardStudent | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [currentPick, setCurrentPick] = useState<Pick | null>(null);
  const [pickClosed, setPickClosed] = useState(false);
  const [glows, setGlows] = useState<ReadonlyMap<string, TileGlow>>(new Map());
  const [announcement, setAnnouncement] = useState('');
  const glowKey = useRef(0);
  const refetchTimer = useRef<number | undefined>(undefined);
  const chimed = useRef(new Set<string>());

  const members = board.data?.members ?? [];
  const memberIds = members.map((member) => member.id);
  const { spotlightId, pickedId } = usePickerAnimation(currentPick, memberIds);
  const pickedMember = pickedId && !pickClosed ? members.find((member) => member.id === pickedId) : undefined;
  const timer = toolkit.data?.timer;
  const left = useCountdown(timer, toolkit.dataUpdatedAt, () => playSound('timer-end'));
  // A reset timer leaves the board; one that ran out stays at 0:00 until it is reset.
  const showTimer = timer !== undefined && timer.status !== 'idle';
  const teams = toolkit.data?.teams ?? null;
  const positiveReasons = reasons.data?.filter((reason) => reason.coins > 0) ?? [];

  useEffect(() => () => window.clearTimeout(refetchTimer.current), []);

  function refetchSoon() {
    window.clearTimeout(refetchTimer.current);
    refetchTimer.current = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: boardQueryKey(groupId) }), REFETCH_AFTER_MS);
  }

  function glow(member: BoardStudent, payload: TeacherGaveCoinsPayload, amount: number) {
    const nothing = board.data?.shows === 'nothing';
    const label = payload.reason?.name ?? (nothing ? t('board.glow.wellDone') : t('board.glow.coins', { count: amount }));
    const key = (glowKey.current += 1);
    setGlows((previous) => new Map(previous).set(member.id, { key, icon: isReasonIcon(payload.reason?.icon) ? payload.reason.icon : null, label }));
    window.setTimeout(() => {
      setGlows((previous) => {
        if (previous.get(member.id)?.key !== key) return previous;
        const next = new Map(previous);
        next.delete(member.id);
        return next;
      });
    }, GLOW_MS);
    setAnnouncement(t('board.glow.announce', { username: member.username, what: label }));
    // A class's award is one chime, not thirty.
    const chimeKey = payload.award_id ?? `at-${Math.floor(Date.now() / 1000)}`;
    if (!chimed.current.has(chimeKey)) {
      chimed.current.add(chimeKey);
      playSound('award');
    }
  }

  useToolkitLive(groupId, {
    onCoins: (payload) => {
      const member = members.find((m) => m.id === payload.member_id);
      if (!member) return;
      refetchSoon();
      // Only what a student earned glows: never a "needs work" award, an undo, or coins owed and paid.
      if (payload.amount === undefined || payload.amount <= 0 || payload.undone) return;
      glow(member, payload, payload.amount);
    },
    onPicked: (payload) => {
      setView('class');
      setPickClosed(false);
      setCurrentPick((previous) => ({ memberId: payload.member_id, key: (previous?.key ?? 0) + 1 }));
    },
    onTeams: () => setView('teams'),
    onClassChanged: refetchSoon,
  });

  const onError = (error: unknown) => showErrorCode(errorCodeOf(error));

  function pickNext() {
    pick.mutate({}, { onError });
  }

  function toggleTimer() {
    if (!timer || timerAction.isPending) return;
    if (timer.status === 'running' && left > 0) timerAction.mutate({ action: 'pause' }, { onError });
    else if (timer.status === 'paused') timerAction.mutate({ action: 'start' }, { onError });
    else {
      const ms = timer.status === 'idle' && timer.remaining_ms > 0 ? timer.remaining_ms : timer.duration_ms;
      timerAction.mutate({ action: 'start', seconds: Math.round(ms / 1000) || DEFAULT_TIMER_SECONDS }, { onError });
    }
  }

  function award(member: BoardStudent, reason: TAwardReason) {
    giving.give([member], { reason }, { onProblem: showAwardProblem, onDone: () => setChoosing(null) });
  }

  // The board's keys (its "?" help lists them): P picks, T starts or pauses the timer, ? helps,
  // Escape closes the picked student; an arrow key on the page starts on the first tile.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    if (choosing || helpOpen) return;
    const key = event.key.toLowerCase();
    if (key === 'p') pickNext();
    else if (key === 't') toggleTimer();
    else if (key === '?') setHelpOpen(true);
    else if (key === 'escape' && pickedMember) setPickClosed(true);
    else if (key.startsWith('arrow') && (event.target === document.body || event.target === null)) {
      document.querySelector<HTMLButtonElement>('[data-testid="board-tile"][tabindex="0"]')?.focus();
    } else return;
    event.preventDefault();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  function toggleFullscreen() {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  }

  if (board.isPending) {
    return (
      <main className={classes.loading} aria-busy="true">
        <Loader color="coin" type="dots" size="xl" aria-hidden="true" />
        <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      </main>
    );
  }
  if (board.isError) {
    return (
      <main className={classes.loading}>
        <QueryError error={board.error} onRetry={() => void board.refetch()} />
      </main>
    );
  }
  const data = board.data;

  return (
    <div className={classes.page}>
      {/* A banner (a pick that failed, say) floats over the board's top. */}
      <div className={classes.banner}>
        <NotificationBanner />
      </div>
      <header className={classes.header}>
        <div className={classes.headMain}>
          <h1 className={classes.className} title={data.name}>
            {data.name}
          </h1>
          <p className={classes.coinsToday} data-testid="board-coins-today">
            <CoinIcon size={40} />
            <span className={classes.coinsTodayNumber} aria-hidden="true" data-testid="board-coins-today-number">
              {data.coins_today}
            </span>
            <span className={classes.coinsTodayLabel} aria-hidden="true">
              {t('board.coinsToday')}
            </span>
            <VisuallyHidden>{t('board.coinsTodayLabel', { count: data.coins_today })}</VisuallyHidden>
          </p>
        </div>
        <div className={classes.tools}>
          <SoundButton />
          {teams ? (
            <Group gap={0} className={classes.viewSwitch} role="group" aria-label={t('board.viewLabel')} data-testid="board-view">
              {(['class', 'teams'] as const).map((value) => (
                <Button key={value} size="md" px={14} radius="xl" variant={view === value ? 'filled' : 'subtle'} color={view === value ? 'indigo' : 'dark'} aria-pressed={view === value} onClick={() => setView(value)}>
                  {value === 'class' ? t('board.viewClass') : t('board.viewTeams')}
                </Button>
              ))}
            </Group>
          ) : null}
          <ActionIcon size={44} radius="xl" variant="default" onClick={() => setShowJoin(!showJoin)} title={showJoin ? t('board.join.hide') : t('board.join.show')} aria-label={showJoin ? t('board.join.hide') : t('board.join.show')} aria-pressed={showJoin} data-testid="board-join-toggle">
            <IconQrcode size={22} />
          </ActionIcon>
          <ActionIcon size={44} radius="xl" variant="default" onClick={toggleFullscreen} title={t('board.fullscreen')} aria-label={t('board.fullscreen')}>
            <IconMaximize size={22} />
          </ActionIcon>
          <ActionIcon size={44} radius="xl" variant="default" onClick={() => setHelpOpen(true)} title={t('board.help.open')} aria-label={t('board.help.open')} aria-keyshortcuts="?" data-testid="board-help-button">
            <IconHelp size={22} />
          </ActionIcon>
        </div>
        {showJoin ? <JoinCorner code={data.join_code} /> : null}
      </header>

      <main className={classes.stage} data-timer={showTimer || undefined}>
        {members.length === 0 ? (
          <div className={classes.empty} data-testid="board-empty">
            <p className={classes.emptyTitle}>{t('board.empty.title')}</p>
            <p className={classes.emptyText}>{t('board.empty.text', { code: formatJoinCode(data.join_code) })}</p>
          </div>
        ) : view === 'teams' && teams ? (
          <BoardTeams teams={teams} members={members} glows={glows} />
        ) : (
          <BoardGrid
            members={members}
            glows={glows}
            spotlightId={spotlightId}
            pickedId={pickedMember ? pickedId : null}
            focusedId={focusedId}
            onFocusedChange={setFocusedId}
            onChoose={setChoosing}
          />
        )}
        {showTimer && timer ? <BoardTimer left={left} status={timer.status} /> : null}
      </main>

      {pickedMember ? (
        <PickedCard member={pickedMember} pickedCount={toolkit.data?.picked_today.length ?? 1} total={members.length} onClose={() => setPickClosed(true)} />
      ) : null}
      <VisuallyHidden role="status" aria-live="polite" data-testid="board-announcement">
        {pickedMember ? t('board.picker.announce', { username: pickedMember.username }) : announcement}
      </VisuallyHidden>
      <AwardSnackbar />
      <BoardAwardDialog member={choosing} reasons={positiveReasons} disabled={giving.isPending} onAward={award} onClose={() => setChoosing(null)} />
      <BoardHelp opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
