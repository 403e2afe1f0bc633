import { useRef, useState } from 'react';
import { Anchor, Button, Group, Paper, Radio, Skeleton, Stack, Switch, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { TIMER_SECONDS_MAX } from '@kolikko/core/limits';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import type { TMember } from '@kolikko/core/schemas/groups';
import type { TAwardReason } from '@kolikko/core/schemas/reasons';
import type { TTeamsRequest } from '@kolikko/core/schemas/toolkit';
import { IconUsers } from '../../../components/icons.tsx';
import { IconRefresh } from '../../../components/teacher-icons.tsx';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { showBanner, showErrorCode } from '../../../lib/banner.ts';
import { coinsValue } from '../../../lib/banner-text.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { useGroupMembers } from '../../../lib/queries/get-group-members.ts';
import { useGroups } from '../../../lib/queries/get-groups.ts';
import { Link, useParams } from '../../../lib/router.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useReasons } from '../api/get-reasons.ts';
import { useToolkit } from '../api/get-toolkit.ts';
import { useMakeTeams } from '../api/make-teams.ts';
import { usePickStudent } from '../api/pick-student.ts';
import { useSetTimer } from '../api/set-timer.ts';
import { playSound, setSoundEnabled, unlockSounds, useSoundState } from '../board-sounds.ts';
import { formatTimer, useCountdown } from '../hooks/use-countdown.ts';
import { useGiveAward, type AwardProblem, type GiveAward } from '../hooks/use-give-award.ts';
import { useToolkitLive } from '../hooks/use-toolkit-live.ts';
import { AwardSnackbar } from './award-snackbar.tsx';
import { IconBoard, IconDice, IconPlayerPause, IconPlayerPlay } from './board-icons.tsx';
import { ReasonButtons } from './reason-buttons.tsx';
import type { ReasonsDialogProps } from './reasons-dialog.tsx';
import { teamColor } from './team-colors.ts';
import classes from './remote-page.module.css';

const ReasonsDialog = lazyDialog<ReasonsDialogProps>(
  () => import('./reasons-dialog.tsx').then((module) => module.ReasonsDialog),
  (props) => props.opened,
);

const TIMER_PRESETS_MIN = [1, 3, 5, 10];

/**
 * A whole number typed on a phone's number pad. A plain input, not Mantine's NumberInput: on a
 * route of its own that would count it among the components many pages share (build/area-chunks.ts),
 * and its steppers are no help to a thumb.
 */
const WHOLE_NUMBER = { type: 'number', inputMode: 'numeric', step: 1 } as const;

function showAwardProblem(problem: AwardProblem) {
  if (problem.kind === 'error') showBanner('error', problem.key);
  else showBanner('error', 'groups.award.notEnough', { needed: coinsValue(problem.needed), available: coinsValue(problem.available) });
}

const onError = (error: unknown) => showErrorCode(errorCodeOf(error));

/** Whether the remote is the screen in front: it plays sounds only then (the board plays them in class). */
const inFront = () => document.visibilityState === 'visible';

type Selection = ReadonlySet<string>;

interface AwardSectionProps {
  members: TMember[];
  /** Who is chosen: tapped students, the whole class, or a team (TeamsSection chooses it). */
  selected: Selection;
  onSelectedChange: (next: Selection | ((previous: Selection) => Selection)) => void;
  reasons: ReturnType<typeof useReasons>;
  shownReasons: TAwardReason[] | undefined;
  giving: GiveAward;
  onEditReasons: () => void;
}

/** Tap students (or the whole class), then a reason: awarded at once, with the undo in the notice. */
function AwardSection({ members, selected, onSelectedChange: setSelected, reasons, shownReasons, giving, onEditReasons }: AwardSectionProps) {
  const { t } = useTranslation();
  const failed = useRef(false);
  const chosen = members.filter((member) => selected.has(member.id));
  const whole = members.length > 0 && chosen.length === members.length;

  function toggle(memberId: string) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(memberId)) next.delete(memberId);
      else next.add(memberId);
      return next;
    });
  }

  function award(reason: TAwardReason) {
    if (chosen.length === 0) return;
    failed.current = false;
    giving.give(chosen, { reason }, {
      onProblem: (problem) => {
        failed.current = true;
        showAwardProblem(problem);
      },
      // Given: the next award starts from nobody, so it cannot go to the last student by mistake.
      onDone: () => {
        if (!failed.current) setSelected(new Set());
      },
    });
  }

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="remote-award-title" id="remote-award">
      <Stack gap="sm">
        <Title order={2} fz={20} id="remote-award-title">
          {t('board.remote.award')}
        </Title>
        {/* Who is chosen and the reasons stay in sight while the teacher scrolls through the class below them. */}
        <div className={classes.reasonsBar}>
          <Text size="sm" c="dark.5" mb={6} aria-live="polite" data-testid="remote-selection">
            {chosen.length === 0 ? t('board.remote.chooseFirst') : whole ? t('board.remote.wholeClassChosen') : t('board.remote.chosen', { count: chosen.length })}
          </Text>
          <ReasonButtons
            reasons={shownReasons}
            isPending={reasons.isPending}
            error={reasons.error}
            onRetry={() => void reasons.refetch()}
            disabled={giving.isPending || chosen.length === 0}
            onAward={award}
            onEdit={onEditReasons}
          />
        </div>
        <div className={classes.students} role="group" aria-labelledby="remote-award-title">
          <UnstyledButton
            className={classes.student}
            data-whole=""
            aria-pressed={whole}
            onClick={() => setSelected(whole ? new Set() : new Set(members.map((member) => member.id)))}
            data-testid="remote-whole-class"
          >
            <IconUsers size={22} />
            <span className={classes.studentName}>{t('board.remote.wholeClass')}</span>
          </UnstyledButton>
          {members.map((member) => (
            <UnstyledButton
              key={member.id}
              className={classes.student}
              aria-pressed={selected.has(member.id)}
              onClick={() => toggle(member.id)}
              data-testid="remote-student"
              data-username={member.username}
            >
              <MemberAvatar face={member.face} hair={member.hair} skinTone={member.skin_tone} username={member.username} size={32} decorative />
              <span className={classes.studentName}>{member.username}</span>
            </UnstyledButton>
          ))}
        </div>
      </Stack>
    </Paper>
  );
}

/** "Pick a student": the server's round, nobody twice until all have been; start over. */
function PickerSection({ groupId, members }: { groupId: string; members: TMember[] }) {
  const { t } = useTranslation();
  const toolkit = useToolkit(groupId);
  const pick = usePickStudent(groupId);
  const [onlineOnly, setOnlineOnly] = useState(false);
  const picked = toolkit.data?.picked_today ?? [];
  const last = members.find((member) => member.id === picked.at(-1));
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="remote-picker-title">
      <Stack gap="sm">
        <Title order={2} fz={20} id="remote-picker-title">
          {t('board.remote.picker')}
        </Title>
        <Button size="lg" leftSection={<IconDice size={22} />} loading={pick.isPending} disabled={members.length === 0} onClick={() => pick.mutate({ online_only: onlineOnly }, { onError })} data-testid="remote-pick">
          {t('board.remote.pick')}
        </Button>
        {last ? (
          <Group gap="sm" wrap="nowrap" aria-live="polite" data-testid="remote-picked">
            <MemberAvatar face={last.face} hair={last.hair} skinTone={last.skin_tone} username={last.username} size={48} decorative />
            <Stack gap={0} miw={0}>
              <Text fw={800} fz={20} className={classes.wrap} data-testid="remote-picked-name">
                {last.username}
              </Text>
              <Text size="sm" c="dark.5">
                {t('board.picker.round', { count: picked.length, total: members.length })}
              </Text>
            </Stack>
          </Group>
        ) : null}
        <Switch label={t('board.remote.onlineOnly')} checked={onlineOnly} onChange={(event) => setOnlineOnly(event.currentTarget.checked)} />
        <Button variant="default" leftSection={<IconRefresh size={18} />} disabled={members.length === 0 || pick.isPending} onClick={() => pick.mutate({ reset: true, online_only: onlineOnly }, { onError })} data-testid="remote-pick-reset">
          {t('board.remote.pickReset')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Random teams: N teams or teams of N, again and again; a team can be chosen for an award at once. */
function TeamsSection({ groupId, members, onChooseTeam }: { groupId: string; members: TMember[]; onChooseTeam: (memberIds: string[]) => void }) {
  const { t } = useTranslation();
  const toolkit = useToolkit(groupId);
  const makeTeams = useMakeTeams(groupId);
  const [by, setBy] = useState<'count' | 'size'>('count');
  const [number, setNumber] = useState('4');
  const teams = toolkit.data?.teams ?? null;
  const byId = new Map(members.map((member) => [member.id, member]));
  const value = Number(number);
  const valid = Number.isInteger(value) && value >= 1 && value <= Math.max(1, members.length);

  function make() {
    if (!valid) return;
    const request: TTeamsRequest = by === 'count' ? { count: value } : { size: value };
    makeTeams.mutate(request, { onError });
  }

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="remote-teams-title">
      <Stack gap="sm">
        <Title order={2} fz={20} id="remote-teams-title">
          {t('board.remote.teams')}
        </Title>
        <Radio.Group label={t('board.remote.teamsBy')} value={by} onChange={(next) => setBy(next === 'size' ? 'size' : 'count')}>
          <Group gap="lg" mt={6}>
            <Radio value="count" label={t('board.remote.teamCount')} />
            <Radio value="size" label={t('board.remote.teamSize')} />
          </Group>
        </Radio.Group>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            {...WHOLE_NUMBER}
            label={by === 'count' ? t('board.remote.teamCountLabel') : t('board.remote.teamSizeLabel')}
            value={number}
            onChange={(event) => setNumber(event.currentTarget.value)}
            min={1}
            max={Math.max(1, members.length)}
            w={100}
            size="md"
            data-testid="remote-team-number"
          />
          <Button size="md" flex={1} leftSection={teams ? <IconRefresh size={18} /> : <IconUsers size={18} />} loading={makeTeams.isPending} disabled={!valid || members.length === 0} onClick={make} data-testid="remote-make-teams">
            {teams ? t('board.remote.reroll') : t('board.remote.makeTeams')}
          </Button>
        </Group>
        {teams ? (
          <div className={classes.teams} data-testid="remote-teams">
            {teams.map((team, index) => {
              const teamMembers = team.flatMap((id) => byId.get(id) ?? []);
              const name = t('board.teams.name', { number: index + 1 });
              return (
                <div key={index} className={classes.team} style={{ ['--team-color' as string]: teamColor(index) }} data-testid="remote-team">
                  <Group justify="space-between" gap="xs" wrap="nowrap" className={classes.teamHead}>
                    <Text fw={800} c="white" id={`remote-team-${index}`}>
                      {name}
                    </Text>
                    <Button size="compact-sm" variant="white" color="dark" disabled={teamMembers.length === 0} onClick={() => onChooseTeam(teamMembers.map((member) => member.id))} aria-describedby={`remote-team-${index}`} data-testid="remote-team-award">
                      {t('board.remote.awardTeam')}
                    </Button>
                  </Group>
                  <Text size="sm" className={classes.teamNames} data-testid="remote-team-names">
                    {teamMembers.map((member) => member.username).join(', ')}
                  </Text>
                </div>
              );
            })}
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The lesson timer: minutes and seconds, start, pause, reset; the board shows it big. */
function TimerSection({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const toolkit = useToolkit(groupId);
  const action = useSetTimer(groupId);
  const [minutes, setMinutes] = useState('5');
  const [seconds, setSeconds] = useState('0');
  const timer = toolkit.data?.timer;
  const left = useCountdown(timer, toolkit.dataUpdatedAt, () => {
    if (inFront()) playSound('timer-end');
  });
  const total = (Number(minutes) || 0) * 60 + (Number(seconds) || 0);
  const validTotal = Number.isInteger(total) && total >= 1 && total <= TIMER_SECONDS_MAX;
  const running = timer?.status === 'running' && left > 0;
  const paused = timer?.status === 'paused';
  const over = timer?.status === 'running' && left === 0;
  const shows = timer !== undefined && timer.status !== 'idle';

  function preset(min: number) {
    setMinutes(String(min));
    setSeconds('0');
  }

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="remote-timer-title">
      <Stack gap="sm">
        <Title order={2} fz={20} id="remote-timer-title">
          {t('board.remote.timer')}
        </Title>
        {shows ? (
          <Group gap="sm" align="baseline">
            <Text className={classes.timerDigits} data-testid="remote-timer-digits">
              {formatTimer(left)}
            </Text>
            <Text fw={700} c="dark.5">
              {over ? t('board.timer.over') : paused ? t('board.timer.paused') : running ? t('board.timer.running') : t('board.timer.ready')}
            </Text>
          </Group>
        ) : null}
        <Group gap="xs" role="group" aria-label={t('board.remote.presets')}>
          {TIMER_PRESETS_MIN.map((min) => (
            <Button key={min} size="compact-md" variant="light" onClick={() => preset(min)}>
              {t('board.remote.presetMinutes', { count: min })}
            </Button>
          ))}
        </Group>
        <Group gap="sm" wrap="nowrap" align="flex-end">
          <TextInput {...WHOLE_NUMBER} label={t('board.remote.minutes')} value={minutes} onChange={(event) => setMinutes(event.currentTarget.value)} min={0} max={60} size="md" w={110} data-testid="remote-timer-minutes" />
          <TextInput {...WHOLE_NUMBER} label={t('board.remote.seconds')} value={seconds} onChange={(event) => setSeconds(event.currentTarget.value)} min={0} max={59} size="md" w={110} data-testid="remote-timer-seconds" />
        </Group>
        <Group gap="sm" grow>
          {running ? (
            <Button size="md" leftSection={<IconPlayerPause size={18} />} loading={action.isPending} onClick={() => action.mutate({ action: 'pause' }, { onError })} data-testid="remote-timer-pause">
              {t('board.remote.pause')}
            </Button>
          ) : paused ? (
            <Button size="md" leftSection={<IconPlayerPlay size={18} />} loading={action.isPending} onClick={() => action.mutate({ action: 'start' }, { onError })} data-testid="remote-timer-start">
              {t('board.remote.continue')}
            </Button>
          ) : (
            <Button size="md" leftSection={<IconPlayerPlay size={18} />} loading={action.isPending} disabled={!validTotal} onClick={() => action.mutate({ action: 'start', seconds: total }, { onError })} data-testid="remote-timer-start">
              {t('board.remote.start')}
            </Button>
          )}
          <Button size="md" variant="default" leftSection={<IconRefresh size={18} />} disabled={action.isPending || !validTotal} onClick={() => action.mutate({ action: 'reset', seconds: total }, { onError })} data-testid="remote-timer-reset">
            {t('board.remote.reset')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function SoundSwitch() {
  const { t } = useTranslation();
  const { enabled } = useSoundState();
  return (
    <Switch
      size="md"
      label={t('board.remote.sounds')}
      checked={enabled}
      onChange={(event) => {
        if (event.currentTarget.checked) unlockSounds();
        else setSoundEnabled(false);
      }}
      data-testid="remote-sound"
    />
  );
}

/**
 * /teacher/remote/:groupId (issue 32): the teacher's phone runs the class board. Awards with a
 * reason, the picker, teams and the timer go through the API; the board hears each by its live
 * event, so the two screens stay in step on any devices.
 */
export function RemotePage({ teacher }: { teacher: TTeacherUser }) {
  const { t } = useTranslation();
  const { groupId = '' } = useParams();
  const groups = useGroups(teacher.id);
  const members = useGroupMembers(groupId);
  const reasons = useReasons(groupId);
  const giving = useGiveAward(groupId, teacher.coins);
  const [reasonsOpen, setReasonsOpen] = useState(false);
  const [selected, setSelected] = useState<Selection>(() => new Set());
  const chimed = useRef(new Set<string>());
  const group = groups.data?.find((candidate) => candidate.id === groupId);
  usePageTitle(group ? t('board.remote.pageTitle', { name: group.name }) : t('board.remote.title'));
  const list = members.data ?? [];
  // A "needs work" reason only while the group allows them (the server refuses it otherwise).
  const shownReasons = reasons.data?.filter((reason) => reason.coins > 0 || group?.needs_work_enabled);

  useToolkitLive(groupId, {
    onCoins: (payload) => {
      if (!list.some((member) => member.id === payload.member_id) || !payload.amount || payload.amount <= 0 || payload.undone) return;
      const key = payload.award_id ?? `at-${Math.floor(Date.now() / 1000)}`;
      if (chimed.current.has(key)) return;
      chimed.current.add(key);
      if (inFront()) playSound('award');
    },
  });

  /** A team's "Reward": the team is chosen, and the reasons come into view to give it one. */
  function chooseTeam(memberIds: string[]) {
    setSelected(new Set(memberIds));
    document.getElementById('remote-award')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  if (groups.isError) return <QueryError error={groups.error} onRetry={() => void groups.refetch()} />;
  if (members.isError) return <QueryError error={members.error} onRetry={() => void members.refetch()} />;

  return (
    <Stack gap="md" maw={720} mx="auto" pb={96} data-testid="remote-page">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} miw={0}>
          <Text size="sm" c="dark.5" fw={600}>
            {t('board.remote.title')}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 28 }} className={classes.wrap}>
            {group?.name ?? <Skeleton height={28} width={160} component="span" display="inline-block" />}
          </Title>
        </Stack>
        <Button component="a" href={`/teacher/board/${encodeURIComponent(groupId)}`} target="_blank" rel="noopener" variant="light" leftSection={<IconBoard size={18} />} data-testid="remote-open-board">
          {t('board.open')}
        </Button>
      </Group>
      <Group justify="space-between" gap="sm">
        <SoundSwitch />
        <Anchor component={Link} to="/teacher/groups" size="sm">
          {t('board.remote.backToGroups')}
        </Anchor>
      </Group>
      {members.isPending ? <Skeleton height={240} radius="lg" /> : null}
      {members.data && list.length === 0 ? (
        <Paper withBorder radius="lg" p="md">
          <Text>{t('board.remote.noStudents')}</Text>
        </Paper>
      ) : null}
      {list.length > 0 ? (
        <>
          <AwardSection members={list} selected={selected} onSelectedChange={setSelected} reasons={reasons} shownReasons={shownReasons} giving={giving} onEditReasons={() => setReasonsOpen(true)} />
          <PickerSection groupId={groupId} members={list} />
          <TeamsSection groupId={groupId} members={list} onChooseTeam={chooseTeam} />
        </>
      ) : null}
      <TimerSection groupId={groupId} />
      <AwardSnackbar />
      {group ? <ReasonsDialog teacherId={teacher.id} group={group} opened={reasonsOpen} onClose={() => setReasonsOpen(false)} /> : null}
    </Stack>
  );
}
