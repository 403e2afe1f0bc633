import { randomInt } from 'node:crypto';
import { AppError } from '@kolikko/core/errors';
import { makeTeams, pickNext, timerAfter, timerAt, type RandomInt } from '@kolikko/core/rules/toolkit';
import type { TBoard, TPickRequest, TPickResponse, TTeams, TTeamsRequest, TTimerRequest, TTimerState, TToolkitState } from '@kolikko/core/schemas/toolkit';
import type { Db } from '../../db/client.ts';
import { skinToneOf } from '../avatars/skin-tones.ts';
import { taughtGroup } from '../groups/group-access.ts';
import type { ToolkitEvents } from './toolkit.events.ts';
import * as repo from './toolkit.repo.ts';

export type ToolkitService = ReturnType<typeof createToolkitService>;

/** Names as a class list reads them: "oppilas2" before "oppilas10", case aside. */
const byName = new Intl.Collator('fi', { numeric: true, sensitivity: 'base' });

const IDLE: TTimerState = { status: 'idle', duration_ms: 0, remaining_ms: 0, ends_at: null };

function timerOf(row: repo.ToolkitRow | undefined): TTimerState {
  if (!row) return IDLE;
  return { status: row.timerStatus, duration_ms: row.timerDurationMs, remaining_ms: row.timerRemainingMs, ends_at: row.timerEndsAt?.toISOString() ?? null };
}

/** The day a pick belongs to (UTC): the picker's round starts over the next day. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export interface ToolkitDeps {
  db: Db;
  events: ToolkitEvents;
  /** The members of a group with the app open (their sockets, on every node). */
  onlineMemberIds: (groupId: string) => Promise<string[]>;
  clock?: () => Date;
  random?: RandomInt;
}

/**
 * Issue 32's lesson toolkit: the random picker, teams and the timer. Its state is the server's,
 * kept in the database, so the board and the teacher's phone (any node) agree; each change locks
 * the group's row and is told to the group's teacher sockets after it commits.
 */
export function createToolkitService({ db, events, onlineMemberIds, clock = () => new Date(), random = randomInt }: ToolkitDeps) {
  return {
    /**
     * The class board: the students in name order (numbers as numbers) and, as the group's
     * board_shows says, each one's coins earned today, all its coins, or nothing (left out here,
     * not only hidden on the screen); the class's coins earned today.
     */
    async board(teacherId: string, groupId: string): Promise<TBoard> {
      const { group } = await taughtGroup(db, teacherId, groupId);
      const students = (await repo.listBoardMembers(db, groupId)).sort((a, b) => byName.compare(a.username, b.username));
      const now = clock();
      const earned = await repo.coinsEarnedSince(db, students.map((s) => s.id), new Date(`${dayOf(now)}T00:00:00.000Z`));
      const shown = (s: (typeof students)[number]) => (group.boardShows === 'today' ? (earned.get(s.id) ?? 0) : group.boardShows === 'total' ? s.coins : null);
      return {
        group_id: group.id,
        name: group.name,
        join_code: group.joinCode,
        shows: group.boardShows,
        members: students.map((s) => ({ id: s.id, username: s.username, face: s.face, hair: s.hair, skin_tone: skinToneOf(s), coins: shown(s) })),
        coins_today: [...earned.values()].reduce((sum, n) => sum + n, 0),
      };
    },

    async state(teacherId: string, groupId: string): Promise<TToolkitState> {
      await taughtGroup(db, teacherId, groupId);
      const row = await repo.findToolkit(db, groupId);
      return { teams: row?.teams ?? null, timer: timerAt(timerOf(row), clock()), picked_today: await repo.listPicks(db, groupId, dayOf(clock())) };
    },

    /** A student nobody has picked today (of those online, if asked); a full round, or `reset`, starts over. */
    async pick(teacherId: string, groupId: string, request: TPickRequest): Promise<TPickResponse> {
      await taughtGroup(db, teacherId, groupId);
      const online = request.online_only ? new Set(await onlineMemberIds(groupId)) : undefined;
      const result = await db.transaction(async (tx) => {
        await repo.lockGroup(tx, groupId);
        const now = clock();
        const day = dayOf(now);
        if (request.reset) await repo.clearPicks(tx, groupId);
        const all = await repo.listMemberIds(tx, groupId);
        const candidates = online ? all.filter((id) => online.has(id)) : all;
        let today = request.reset ? [] : await repo.listPicks(tx, groupId, day);
        const next = pickNext(candidates, today, random);
        if (!next) throw new AppError('MEMBER.MEMBER_NOT_FOUND', { message: online ? 'No student of the group is online' : 'The group has no students' });
        if (next.newRound) {
          await repo.clearPicks(tx, groupId);
          today = [];
        }
        await repo.insertPick(tx, groupId, next.memberId, day, now);
        return { member_id: next.memberId, picked_today: [...today, next.memberId] };
      });
      events.picked({ group_id: groupId, ...result });
      return result;
    },

    async teams(teacherId: string, groupId: string, request: TTeamsRequest): Promise<TTeams> {
      await taughtGroup(db, teacherId, groupId);
      const teams = await db.transaction(async (tx) => {
        await repo.lockGroup(tx, groupId);
        const made = makeTeams(await repo.listMemberIds(tx, groupId), request.count !== undefined ? { count: request.count } : { size: request.size ?? 1 }, random);
        await repo.saveToolkit(tx, groupId, { teams: made }, clock());
        return made;
      });
      events.teams({ group_id: groupId, teams });
      return teams;
    },

    async timer(teacherId: string, groupId: string, request: TTimerRequest): Promise<TTimerState> {
      await taughtGroup(db, teacherId, groupId);
      const timer = await db.transaction(async (tx) => {
        await repo.lockGroup(tx, groupId);
        const now = clock();
        const next = timerAfter(timerOf(await repo.findToolkit(tx, groupId)), request.action, request.seconds, now);
        if (!next) throw new AppError('VALIDATION.INVALID_INPUT', { field: 'seconds', message: 'A timer starts from a length in seconds' });
        await repo.saveToolkit(
          tx,
          groupId,
          { timerStatus: next.status, timerDurationMs: next.duration_ms, timerRemainingMs: next.remaining_ms, timerEndsAt: next.ends_at === null ? null : new Date(next.ends_at) },
          now,
        );
        return next;
      });
      events.timer({ group_id: groupId, timer });
      return timer;
    },
  };
}
