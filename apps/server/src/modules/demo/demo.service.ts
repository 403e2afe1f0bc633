import { randomInt } from 'node:crypto';
import { AppError } from '@kolikko/core/errors';
import { DEMO_IDLE_MINUTES, SESSION_TTL_MS } from '@kolikko/core/limits';
import { isDefaultCharacterPart } from '@kolikko/core/rules/characters';
import { perWindow } from '@kolikko/core/rules/attempts';
import type { TodolistLanguage } from '@kolikko/core/enumerations';
import type { TDemo } from '@kolikko/core/schemas/demo';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { createAttemptLimits } from '../auth/attempt-limits.ts';
import type { SessionEvents } from '../auth/auth.events.ts';
import { findLiveSession, insertSession } from '../auth/auth.repo.ts';
import type { OwedRewardsService } from '../coins/owed-rewards.service.ts';
import { memberAccount, moveCoins, teacherAccount, type Movement } from '../coins/ledger.repo.ts';
import { insertGroup } from '../groups/groups.repo.ts';
import { addRewardToList, insertPurchase, insertReward, insertRewardList, setGroupRewardList } from '../rewards/rewards.repo.ts';
import { insertTodolist, setGroupSharedTodolists } from '../todos/todolists.repo.ts';
import { DEMO_CONTENT, type DemoLanguage } from './demo.content.ts';
import * as repo from './demo.repo.ts';

const MINUTE_MS = 60_000;
/** The demo teacher's username before its tag, and the demo list's language, in each demo language. */
const DEMO_TEACHER_WORD: Record<DemoLanguage, string> = { en: 'teacher', fi: 'opettaja', sv: 'lärare' };
const DEMO_LIST_LANGUAGE: Record<DemoLanguage, TodolistLanguage> = { en: 'EN', fi: 'FI', sv: 'SV' };
/** Demos started per network address: 10, then an hour's wait (each one is a classroom of rows). */
export const DEMO_STARTS_PER_ADDRESS = perWindow(10, 60 * MINUTE_MS);
/** A demo idle this long is removed (core's DEMO_IDLE_MINUTES, which the demo page tells), at the next sweep. */
export const DEMO_IDLE_MS = DEMO_IDLE_MINUTES * MINUTE_MS;
/** How often each server process looks for idle demos. */
export const DEMO_SWEEP_MS = 5 * MINUTE_MS;
/** The last action is written at most this often per demo and process. */
export const DEMO_TOUCH_MS = MINUTE_MS;
/** The demo teacher's purse: filled to DEMO_PURSE when a request leaves it under DEMO_PURSE_LOW. */
export const DEMO_PURSE = 1000;
export const DEMO_PURSE_LOW = 500;

export interface DemoDeps {
  db: Db;
  sessions: SessionEvents;
  owedRewards: Pick<OwedRewardsService, 'settle' | 'owedChanged'>;
  /** The catalogue's faces and hairs: each sample student wears different ones. */
  characterParts: { face: readonly string[]; hair: readonly string[] };
  log: { error(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  /** Addresses the per-address limits are lifted for (LIMITS_EXEMPT_ADDRESSES, attempt-limits.ts's exemptAddresses); none unless given. */
  limitsExempt?: (ip: string) => boolean;
}

export interface StartedDemo {
  token: string;
  expiresAt: Date;
  demo: TDemo;
}

/** Six characters of [0-9a-z], making the demo's names unique (usernames and group names are). */
function suffix(): string {
  let out = '';
  for (let i = 0; i < 6; i += 1) out += randomInt(36).toString(36);
  return out;
}

export type DemoService = ReturnType<typeof createDemoService>;

export function createDemoService({ db, sessions, owedRewards, characterParts, log, limitsExempt }: DemoDeps) {
  const limits = createAttemptLimits(db, limitsExempt);
  /** When each demo's last action was last written by this process. */
  const touched = new Map<string, number>();

  /** The classroom, in one transaction: nothing of a demo exists unless all of it does. */
  async function seed(language: DemoLanguage): Promise<{ demoId: string; teacherId: string }> {
    const c = DEMO_CONTENT[language];
    const tag = suffix();
    return db.transaction(async (tx) => {
      const now = Date.now();
      const ago = (minutes: number) => new Date(now - minutes * MINUTE_MS);
      const demoId = await repo.insertDemo(tx, language);
      const teacher = await repo.insertDemoTeacher(tx, demoId, `${DEMO_TEACHER_WORD[language]}_${tag}`);
      const purse = teacherAccount(teacher.id);
      await moveCoins(tx, { from: 'mint', to: purse, amount: DEMO_PURSE, reason: 'demo_topup', actor: 'system' });
      const group = await insertGroup(tx, teacher.id, `${c.groupName} (demo ${tag})`, true);
      await repo.setActiveGroup(tx, teacher.id, group.id);

      const part = (type: 'face' | 'hair', i: number) => {
        const parts = characterParts[type];
        return parts.length > 0 ? parts[(i * 3 + (type === 'hair' ? 1 : 0)) % parts.length] ?? null : null;
      };
      const students = await repo.insertDemoMembers(
        tx,
        c.students.map((s, i) => {
          const face = part('face', i);
          const hair = part('hair', i);
          return {
            username: `${s.name}_${tag}`,
            groupId: group.id,
            passwordHash: repo.NO_PASSWORD,
            smallGroup: s.smallGroup,
            face,
            hair,
            unlockedFaces: face && !isDefaultCharacterPart('face', face) ? [face] : [],
            unlockedHairs: hair && !isDefaultCharacterPart('hair', hair) ? [hair] : [],
            createdAt: new Date(now - (c.students.length - i) * 1000),
          };
        }),
      );
      students.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      await repo.setDemoMembers(tx, demoId, students.map((s) => s.id));

      const list = await insertTodolist(tx, teacher.id, {
        name: c.listName,
        category: 'other',
        language: DEMO_LIST_LANGUAGE[language],
      });
      const todos = await repo.insertDemoTodos(
        tx,
        c.todos.map((t, i) => ({
          todolistId: list.id,
          position: i + 1,
          contentHtml: t.html,
          contentDelta: t.delta,
          reward: t.reward,
          answertype: t.answertype,
          answer: t.answer,
        })),
      );
      todos.sort((a, b) => a.position - b.position);
      await setGroupSharedTodolists(tx, group.id, { blueSharedId: list.id, orangeSharedId: list.id });

      // History: some tasks done (paid from the purse), one free answer waiting for the teacher.
      type Done = { student: number; todo: number; answer?: string; completed: boolean; minutesAgo: number };
      const history: Done[] = [
        { student: 0, todo: 0, completed: true, minutesAgo: 50 },
        { student: 0, todo: 1, completed: false, answer: c.freeAnswer, minutesAgo: 20 },
        { student: 1, todo: 0, completed: true, minutesAgo: 45 },
        { student: 1, todo: 2, completed: true, answer: c.todos[2]?.answer ?? '', minutesAgo: 40 },
        { student: 3, todo: 0, completed: true, minutesAgo: 30 },
      ];
      const state = (s: number, t: number) => history.find((h) => h.student === s && h.todo === t);
      const memberTodos = await repo.insertDemoMemberTodos(
        tx,
        students.flatMap((student, s) =>
          todos.map((todo, t) => {
            const h = state(s, t);
            return {
              todoId: todo.id,
              memberId: student.id,
              todolistId: list.id,
              completed: h?.completed ?? false,
              rewardCollected: h?.completed ? todo.reward : 0,
              memberAnswer: h?.answer ?? '',
              updatedAt: h ? ago(h.minutesAgo) : new Date(now),
            };
          }),
        ),
      );
      const movements: Movement[] = [];
      for (const mt of memberTodos) {
        const todo = todos.find((t) => t.id === mt.todoId);
        if (!mt.completed || !todo || todo.reward === 0) continue;
        movements.push({ from: purse, to: memberAccount(mt.memberId), amount: todo.reward, reason: 'todo_reward', actor: purse, groupId: group.id, reference: mt.id });
      }
      // An award to the whole class.
      for (const student of students) {
        movements.push({ from: purse, to: memberAccount(student.id), amount: 15, reason: 'teacher_award', actor: purse, reference: student.id });
      }
      for (const m of movements) await moveCoins(tx, m);

      const rewards = [];
      for (const r of c.rewards) rewards.push(await insertReward(tx, teacher.id, r));
      const rewardList = await insertRewardList(tx, teacher.id, c.rewardListName);
      for (const r of rewards) await addRewardToList(tx, rewardList.id, r.id);
      await setGroupRewardList(tx, group.id, rewardList.id);
      // The second student bought the cheapest reward a while ago.
      const cheapest = rewards.reduce((a, b) => (b.price < a.price ? b : a));
      const buyer = students[1];
      if (buyer) {
        const purchasedAt = ago(35);
        const purchase = await insertPurchase(tx, {
          memberId: buyer.id,
          rewardId: cheapest.id,
          rewardName: cheapest.name,
          rewardDescription: cheapest.description,
          price: cheapest.price,
          groupId: group.id,
          purchasedAt,
          activeUntil: new Date(purchasedAt.getTime() + 60 * MINUTE_MS),
        });
        await moveCoins(tx, { from: memberAccount(buyer.id), to: 'sink', amount: cheapest.price, reason: 'reward_purchase', actor: memberAccount(buyer.id), groupId: group.id, reference: purchase.id });
      }

      const chat = [
        ...c.groupChat.map(([who, message], i) => ({
          groupId: group.id,
          memberId: null,
          teacherId: teacher.id,
          sendBy: who === 'teacher' ? ('teacher' as const) : ('member' as const),
          senderMemberId: who === 'teacher' ? null : (students[who]?.id ?? null),
          message,
          sendAt: ago(25 - i * 2),
          seenByTheOther: true,
        })),
        ...c.privateChat.map(([who, message], i) => ({
          groupId: group.id,
          memberId: students[1]?.id ?? null,
          teacherId: teacher.id,
          sendBy: who,
          senderMemberId: who === 'member' ? (students[1]?.id ?? null) : null,
          message,
          sendAt: ago(15 - i * 2),
          seenByTheOther: true,
        })),
      ];
      await repo.insertDemoChat(tx, chat);
      return { demoId, teacherId: teacher.id };
    });
  }

  /** Removes one claimed demo, in the caller's transaction; its sessions are forgotten after the commit. */
  async function removeClaimed(claim: (tx: Tx) => Promise<{ id: string; memberIds: string[] } | undefined>): Promise<boolean> {
    const removed = await db.transaction(async (tx) => {
      const demo = await claim(tx);
      return demo ? repo.deleteDemo(tx, demo) : undefined;
    });
    if (!removed) return false;
    if (removed.teacherId) sessions.revoked({ teacherIds: [removed.teacherId] });
    sessions.ended(removed.tokenHashes);
    return true;
  }

  return {
    /**
     * Starts a demo: counted per address (the server's own machine is not: tests and benchmarks),
     * seeds its classroom and opens its session. The demo the browser had before, if any, goes.
     */
    async start(language: DemoLanguage, caller: { ip: string }, previousToken: string | undefined): Promise<StartedDemo> {
      await limits.count([{ name: `demo@${caller.ip}`, policy: DEMO_STARTS_PER_ADDRESS, address: caller.ip }]);
      let made: { demoId: string; teacherId: string } | undefined;
      for (let attempt = 0; !made; attempt += 1) {
        try {
          made = await seed(language);
        } catch (err) {
          // Six random characters rarely meet another demo teacher's name (or a join code another
          // group's); a second draw settles it. Group and student names are per teacher and group.
          const clash = isUniqueViolation(err, 'teachers_username_lower_idx') || isUniqueViolation(err, 'groups_join_code_idx');
          if (!clash || attempt >= 2) throw err;
        }
      }
      const token = newToken();
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await insertSession(db, hashToken(token), { teacherId: made.teacherId }, expiresAt);
      if (previousToken) await this.endByToken(previousToken);
      const demo = await this.describe(made.teacherId);
      if (!demo) throw new Error('a demo just made is gone');
      return { token, expiresAt, demo };
    },

    /** What the web needs of a demo: its language and students (ids and names). */
    async describe(teacherId: string): Promise<TDemo | undefined> {
      const found = await repo.findDemoOfTeacher(db, teacherId);
      if (!found) return undefined;
      const content = DEMO_CONTENT[found.language];
      const students = await repo.listDemoStudents(db, teacherId);
      return {
        language: found.language,
        students: students.map((s, i) => ({
          id: s.id,
          username: s.username,
          name: content.students[i]?.name ?? s.username,
          small_group: s.smallGroup,
        })),
      };
    },

    /** The same, by the demo's id. */
    async describeDemo(demoId: string): Promise<TDemo | undefined> {
      const teacherId = await repo.findDemoTeacherId(db, demoId);
      return teacherId ? this.describe(teacherId) : undefined;
    },

    /** Removes the demo of a previous session cookie (a restart), if it is a demo's. */
    async endByToken(token: string): Promise<void> {
      const row = await findLiveSession(db, hashToken(token));
      if (!row?.demoId) return;
      const demoId = row.demoId;
      await removeClaimed((tx) => repo.claimDemo(tx, demoId));
    },

    /** A request of a demo: its last action is written at most once a minute (per process). */
    async touch(demoId: string, now = Date.now()): Promise<void> {
      const last = touched.get(demoId);
      if (last !== undefined && now - last < DEMO_TOUCH_MS) return;
      touched.set(demoId, now);
      if (touched.size > 10_000) {
        for (const [id, at] of touched) if (now - at >= DEMO_TOUCH_MS) touched.delete(id);
      }
      await repo.touchDemo(db, demoId);
    },

    /** Fills the demo teacher's purse when it runs low, so the visitor never meets an empty one. */
    async topUp(demoId: string): Promise<void> {
      // A plain read first: most requests find the purse full enough and lock nothing.
      const coins = await repo.demoPurseCoins(db, demoId);
      if (coins === undefined || coins >= DEMO_PURSE_LOW) return;
      const teacherId = await db.transaction(async (tx) => {
        const purse = await repo.lockDemoPurse(tx, demoId);
        if (!purse || purse.coins >= DEMO_PURSE_LOW) return undefined;
        await moveCoins(tx, { from: 'mint', to: teacherAccount(purse.teacherId), amount: DEMO_PURSE - purse.coins, reason: 'demo_topup', actor: 'system' });
        return purse.teacherId;
      });
      if (!teacherId) return;
      // Rewards the purse owed are paid now; the teacher's header shows the new purse.
      await owedRewards.settle(teacherId);
      await owedRewards.owedChanged(teacherId);
    },

    /**
     * Removes every demo idle longer than DEMO_IDLE_MS, each in a transaction of its own. Safe when
     * several processes sweep at once (each takes demos the others have not locked) and when run
     * again (a removed demo is gone). Answers how many this call removed. Issue 18's job runner
     * can call it as it is.
     */
    async cleanUp(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - DEMO_IDLE_MS);
      let removed = 0;
      while (await removeClaimed((tx) => repo.claimExpiredDemo(tx, before))) removed += 1;
      for (const [id, at] of touched) if (now.getTime() - at >= DEMO_IDLE_MS) touched.delete(id);
      if (removed > 0) log.info?.({ removed }, 'idle demos removed');
      return removed;
    },

    /** Runs cleanUp every DEMO_SWEEP_MS until the returned function is called. */
    schedule(): () => void {
      const timer = setInterval(() => {
        this.cleanUp().catch((err: unknown) => log.error({ err }, 'removing idle demos failed'));
      }, DEMO_SWEEP_MS);
      timer.unref();
      return () => clearInterval(timer);
    },

    /** Refused for a demo (issue 19): it throws when the request may not be done by one. */
    refuse(): never {
      throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS');
    },
  };
}
