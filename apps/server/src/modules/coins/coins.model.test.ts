import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { CHARACTER_DEFAULTS, CHARACTER_PRICES } from '@kolikko/core/limits';
import type { CharacterType } from '@kolikko/core/enumerations';
import { buildTestApp, signIn, caller } from '../../test/build-test-app.ts';
import { expectBooksBalance } from '../../test/books.ts';
import { buildGroup, buildMember, buildReward, buildRewardList, buildTeacher, buildTodo, buildTodolist, giveCoins, showTodolist } from '../../test/factories.ts';
import { queryRows } from '../../db/reset.ts';
import { ledgerBalance, memberAccount, teacherAccount } from './ledger.repo.ts';

/**
 * A model-based test of the coin rules through the API: random sequences of awards and their undos, todo
 * completions, reward purchases, unlocks, transfers, coin purchases by card (the dev provider),
 * community lists bought and sold (issue 16) and the passing of an hour, each checked against a plain model of the balances and of the rewards
 * the purse owes. After every step each stored balance must equal the model's and its ledger sum,
 * none may be negative, and what is owed must equal the model's (an owed reward is not a balance).
 */
const { app, database } = await buildTestApp();
const db = database.db;

const call = caller(app);

const MEMBERS = 3;
/** The purse keeps 2 coins after the students' start: completions soon find it short and owe. */
const PURSE = 20;
/** The smallest coin package of the default configuration. */
const COIN_PACKAGE = 100;
/** Each student starts with a few coins from the teacher's purse, so early purchases can succeed. */
const START = 6;
const TODO_REWARD = 5;
const REWARD_PRICES = [2, 6, 0];
const PARTS: [CharacterType, string][] = [['face', 'face-02.svg'], ['face', 'face-03.svg'], ['hair', 'hair-02.svg'], ['face', CHARACTER_DEFAULTS.face]];

interface MemberModel {
  coins: number;
  completed: boolean;
  /** What the member holds from the todo: paid and not taken back. */
  collected: number;
  /** What the purse still owes for the completed todo. */
  owed: number;
  unlocked: Set<string>;
  /** Indexes of the rewards whose purchase is still active. */
  active: Set<number>;
}
interface Model {
  teacher: number;
  members: MemberModel[];
  /** Members whose completion is owed something, oldest first: the order they are paid in. */
  queue: number[];
  /** Whether the teacher bought the other teacher's community list (a second purchase is free). */
  boughtCommunity: boolean;
  /** The last award that moved coins: whom, how many, which way, and whether it was undone. */
  lastAward?: { id: string; m: number; moved: number; given: boolean; undone: boolean };
}

/** The purse has coins again: it pays what it owes, oldest first, the last one in part if need be. */
function payOwed(model: Model) {
  while (model.teacher > 0 && model.queue.length > 0) {
    const member = model.members[model.queue[0]!]!;
    const paid = Math.min(member.owed, model.teacher);
    model.teacher -= paid;
    member.coins += paid;
    member.collected += paid;
    member.owed -= paid;
    if (member.owed === 0) model.queue.shift();
  }
}
interface Real {
  teacherId: string;
  teacherCookie: string;
  memberIds: string[];
  memberCookies: string[];
  memberTodoIds: string[];
  rewardIds: string[];
  /** Another teacher's paid community list, and the teacher's own (other teachers buy it). */
  otherCommunityList: string;
  ownCommunityList: string;
}

type Outcome = { status: number; code?: string };
const ok = (status = 200): Outcome => ({ status });
const refused = (status: number, code: string): Outcome => ({ status, code });

/** Runs the request, compares its answer with the model's expectation, then the stored balances with the model and the ledger. */
async function step(real: Real, model: Model, request: Promise<{ statusCode: number; json(): { errorCode?: string } }>, expected: Outcome, what: string) {
  const res = await request;
  const got: Outcome = res.statusCode < 300 ? { status: res.statusCode } : { status: res.statusCode, code: res.json().errorCode };
  expect([what, got]).toEqual([what, expected]);
  const accounts = [teacherAccount(real.teacherId), ...real.memberIds.map(memberAccount)];
  const rows = await queryRows<{ account: string; coins: number }>(
    db,
    sql`select 'teacher:' || id as account, coins from teachers where id = ${real.teacherId}
        union all select 'member:' || id, coins from members where group_id = (select group_id from members where id = ${real.memberIds[0]})`,
  );
  const stored = new Map(rows.map((r) => [r.account, r.coins]));
  const modelled = [model.teacher, ...model.members.map((m) => m.coins)];
  for (const [i, account] of accounts.entries()) {
    const coins = stored.get(account);
    expect([what, account, coins]).toEqual([what, account, modelled[i]]);
    expect(coins).toBeGreaterThanOrEqual(0);
    expect([what, account, await ledgerBalance(db, account)]).toEqual([what, account, coins]);
  }
  const owed = await queryRows<{ member_id: string; amount: number }>(db, sql`select member_id, amount from owed_rewards where teacher_id = ${real.teacherId} order by id`);
  expect([what, owed.map((o) => [real.memberIds.indexOf(o.member_id), o.amount])]).toEqual([what, model.queue.map((m) => [m, model.members[m]!.owed])]);
}

class Award implements fc.AsyncCommand<Model, Real> {
  constructor(readonly m: number, readonly coins: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const member = model.members[this.m]!;
    let expected = ok();
    let moved = 0;
    if (this.coins > 0 && this.coins > model.teacher) expected = refused(400, 'MISC.TEACHER_OUT_OF_COINS');
    else if (this.coins > 0) {
      moved = this.coins;
      model.teacher -= this.coins;
      member.coins += this.coins;
    } else {
      moved = Math.min(-this.coins, member.coins);
      model.teacher += moved;
      member.coins -= moved;
      payOwed(model);
    }
    const res = await call('PUT', '/api/member/coins', real.teacherCookie, { member_id: real.memberIds[this.m], coins: this.coins });
    await step(real, model, Promise.resolve(res), expected, this.toString());
    const awardId = res.statusCode === 200 ? (res.json().award_id as string | null) : null;
    if (awardId) model.lastAward = { id: awardId, m: this.m, moved, given: this.coins > 0, undone: false };
  }
  toString = () => `award(${this.m}, ${this.coins})`;
}

/**
 * The teacher undoes the last award (issue 32): what the student still has of it goes back to the
 * purse (and pays what it owes), a taking-back gives back what the purse can; a second undo is refused.
 */
class UndoLastAward implements fc.AsyncCommand<Model, Real> {
  check = (model: Readonly<Model>) => model.lastAward !== undefined;
  async run(model: Model, real: Real) {
    const award = model.lastAward!;
    const member = model.members[award.m]!;
    let expected = ok();
    if (award.undone) expected = refused(409, 'AWARD.ALREADY_UNDONE');
    else if (award.given) {
      const back = Math.min(award.moved, member.coins);
      member.coins -= back;
      model.teacher += back;
      payOwed(model);
    } else {
      const back = Math.min(award.moved, model.teacher);
      model.teacher -= back;
      member.coins += back;
    }
    award.undone = true;
    await step(real, model, call('POST', `/api/award/${award.id}/undo`, real.teacherCookie), expected, this.toString());
  }
  toString = () => 'undo the last award';
}

class Complete implements fc.AsyncCommand<Model, Real> {
  constructor(readonly m: number, readonly completed: boolean, readonly byTeacher: boolean) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const member = model.members[this.m]!;
    const expected = ok();
    if (this.completed && !member.completed) {
      // Never refused: the purse pays what it has, the rest is owed.
      const due = TODO_REWARD - member.collected;
      const pay = Math.min(due, model.teacher);
      model.teacher -= pay;
      member.coins += pay;
      member.collected += pay;
      member.owed = due - pay;
      if (member.owed > 0) model.queue.push(this.m);
      member.completed = true;
    } else if (!this.completed && member.completed) {
      const taken = Math.min(member.collected, member.coins);
      member.coins -= taken;
      model.teacher += taken;
      member.collected -= taken;
      member.completed = false;
      member.owed = 0;
      model.queue = model.queue.filter((m) => m !== this.m);
      payOwed(model);
    }
    const cookie = this.byTeacher ? real.teacherCookie : real.memberCookies[this.m]!;
    await step(real, model, call('PUT', '/api/membertodo', cookie, { mtodo_id: real.memberTodoIds[this.m], updates: { completed: this.completed } }), expected, this.toString());
  }
  toString = () => `${this.completed ? 'complete' : 'uncomplete'}(${this.m}${this.byTeacher ? ', by teacher' : ''})`;
}

class Buy implements fc.AsyncCommand<Model, Real> {
  constructor(readonly m: number, readonly reward: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const member = model.members[this.m]!;
    const price = REWARD_PRICES[this.reward]!;
    let expected = ok(201);
    if (member.active.has(this.reward)) expected = refused(403, 'PERMISSION.INSUFFICIENT_PERMISSIONS');
    else if (price > member.coins) expected = refused(400, 'MISC.OUT_OF_COINS');
    else {
      member.coins -= price;
      member.active.add(this.reward);
    }
    const url = `/api/member/${real.memberIds[this.m]}/reward/${real.rewardIds[this.reward]}`;
    await step(real, model, call('POST', url, real.memberCookies[this.m]!, { price }), expected, this.toString());
  }
  toString = () => `buy(${this.m}, reward ${this.reward})`;
}

class Unlock implements fc.AsyncCommand<Model, Real> {
  constructor(readonly m: number, readonly part: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const member = model.members[this.m]!;
    const [type, path] = PARTS[this.part]!;
    const price = path === CHARACTER_DEFAULTS[type] ? 0 : CHARACTER_PRICES[type];
    let expected = ok();
    if (price > 0 && !member.unlocked.has(path)) {
      if (price > member.coins) expected = refused(400, 'MISC.OUT_OF_COINS');
      else {
        member.coins -= price;
        member.unlocked.add(path);
      }
    }
    const url = `/api/member/${real.memberIds[this.m]}/character/unlock`;
    await step(real, model, call('POST', url, real.memberCookies[this.m]!, { type, path }), expected, this.toString());
  }
  toString = () => `unlock(${this.m}, ${PARTS[this.part]?.[1]})`;
}

class Transfer implements fc.AsyncCommand<Model, Real> {
  constructor(readonly from: number, readonly to: number, readonly amount: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const sender = model.members[this.from]!;
    const recipient = model.members[this.to]!;
    let expected = ok();
    // The request schema refuses an amount below 1 before any rule looks at the recipient.
    if (this.amount < 1) expected = refused(400, 'VALIDATION.INVALID_INPUT');
    else if (this.from === this.to) expected = refused(403, 'USER.NOT_YOU');
    else if (this.amount > sender.coins) expected = refused(400, 'MISC.OUT_OF_COINS');
    else {
      sender.coins -= this.amount;
      recipient.coins += this.amount;
    }
    const url = `/api/member/${real.memberIds[this.from]}/transfer`;
    await step(real, model, call('POST', url, real.memberCookies[this.from]!, { recipient: real.memberIds[this.to], amount: this.amount }), expected, this.toString());
  }
  toString = () => `transfer(${this.from} -> ${this.to}, ${this.amount})`;
}

/** The teacher buys a coin package by card (dev provider): the coins arrive and pay what the purse owes. */
class BuyCoins implements fc.AsyncCommand<Model, Real> {
  constructor(readonly coins: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    model.teacher += this.coins;
    payOwed(model);
    const bought = (async () => {
      const intent = await call('POST', '/api/dev/create-payment-intent', real.teacherCookie, { userId: real.teacherId, coins: this.coins });
      if (intent.statusCode !== 200) return intent;
      return call('POST', `/api/dev/payments/${intent.json().paymentIntentId}/succeed`, real.teacherCookie);
    })();
    await step(real, model, bought, ok(), this.toString());
  }
  toString = () => `buy ${this.coins} coins`;
}

/** A community list's price (issue 16): coins leave the purse to another teacher's. */
const COMMUNITY_PRICE = 7;
/** The teacher's own community list's price: coins come into the purse and pay what it owes. */
const OWN_COMMUNITY_PRICE = 9;

/** The teacher buys another teacher's community list; a second purchase pays nothing. */
class BuyCommunityList implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    let expected = ok(201);
    if (!model.boughtCommunity && COMMUNITY_PRICE > model.teacher) expected = refused(400, 'PAYMENT.INSUFFICIENT_FUNDS');
    else if (!model.boughtCommunity) {
      model.teacher -= COMMUNITY_PRICE;
      model.boughtCommunity = true;
    }
    await step(real, model, call('POST', `/api/community/purchase/todolist/${real.otherCommunityList}`, real.teacherCookie, { price: COMMUNITY_PRICE }), expected, this.toString());
  }
  toString = () => 'buy a community list';
}

/** Another teacher buys the teacher's community list: the price arrives and pays what the purse owes. */
class SellCommunityList implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    model.teacher += OWN_COMMUNITY_PRICE;
    payOwed(model);
    const sold = (async () => {
      const buyer = await buildTeacher(db);
      return call('POST', `/api/community/purchase/todolist/${real.ownCommunityList}`, await signIn(app, buyer, 'teacher'), { price: OWN_COMMUNITY_PRICE });
    })();
    await step(real, model, sold, ok(201), this.toString());
  }
  toString = () => 'sell the community list';
}

/** The hour of every active purchase passes: the rewards can be bought again. */
class HourPasses implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    for (const m of model.members) m.active.clear();
    const ended = db.execute(sql`update reward_purchases set active_until = now() - interval '1 second' where member_id in (${sql.join(real.memberIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
    await step(real, model, ended.then(() => ({ statusCode: 200, json: () => ({}) })), ok(), this.toString());
  }
  toString = () => 'an hour passes';
}

const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const commands = [
  fc.tuple(member, fc.integer({ min: -15, max: 25 })).map(([m, coins]) => new Award(m, coins)),
  fc.constant(new UndoLastAward()),
  // Completions twice as often as the rest: they make and cancel debts.
  fc.tuple(member, fc.boolean(), fc.boolean()).map(([m, completed, byTeacher]) => new Complete(m, completed, byTeacher)),
  fc.tuple(member, fc.boolean(), fc.boolean()).map(([m, completed, byTeacher]) => new Complete(m, completed, byTeacher)),
  fc.tuple(member, fc.integer({ min: 0, max: REWARD_PRICES.length - 1 })).map(([m, r]) => new Buy(m, r)),
  fc.tuple(member, fc.integer({ min: 0, max: PARTS.length - 1 })).map(([m, p]) => new Unlock(m, p)),
  fc.tuple(member, member, fc.integer({ min: 0, max: 12 })).map(([from, to, amount]) => new Transfer(from, to, amount)),
  fc.constant(new HourPasses()),
  fc.constant(new BuyCoins(COIN_PACKAGE)),
  fc.constant(new BuyCommunityList()),
  fc.constant(new SellCommunityList()),
];

/** A fresh classroom per run: a teacher, a trading group of three, a rewarded none-type todo shown to them, and three rewards on sale. */
async function setup(): Promise<Real> {
  const teacher = await buildTeacher(db, { coins: PURSE });
  const group = await buildGroup(db, teacher.id);
  const members = [];
  for (let i = 0; i < MEMBERS; i++) members.push(await buildMember(db, group.id));
  for (const m of members) await giveCoins(db, teacher.id, m.id, START);
  const list = await buildTodolist(db, teacher.id);
  await buildTodo(db, list.id, { reward: TODO_REWARD });
  await showTodolist(db, group.id, 'blue', list.id);
  const rewards = [];
  for (const price of REWARD_PRICES) rewards.push(await buildReward(db, teacher.id, { price }));
  await buildRewardList(db, teacher.id, { rewardIds: rewards.map((r) => r.id), publishTo: group.id });
  const teacherCookie = await signIn(app, teacher, 'teacher');
  await call('PUT', `/api/group/${group.id}/settings`, teacherCookie, { trading_allowed: true });
  const memberTodos: { id: string; member_id: string }[] = (await call('GET', `/api/membertodos?group_id=${group.id}&color=blue`, teacherCookie)).json();
  const publish = async (teacherId: string, cookie: string, price: number) => {
    await db.execute(sql`update teachers set is_premium = true where id = ${teacherId}`);
    const listed = await buildTodolist(db, teacherId);
    await buildTodo(db, listed.id);
    const form = { title: 'For sale', description: { content_html: '<p>A list</p>', content_delta: {} }, price, categories: ['OTHER'], targets: ['OTHER'] };
    expect((await call('POST', `/api/community/todolist/${listed.id}`, cookie, form)).statusCode).toBe(201);
    return listed.id;
  };
  const other = await buildTeacher(db);
  const otherCommunityList = await publish(other.id, await signIn(app, other, 'teacher'), COMMUNITY_PRICE);
  const ownCommunityList = await publish(teacher.id, teacherCookie, OWN_COMMUNITY_PRICE);
  const memberCookies = [];
  for (const m of members) memberCookies.push(await signIn(app, m, 'member'));
  return {
    teacherId: teacher.id,
    teacherCookie,
    memberIds: members.map((m) => m.id),
    memberCookies,
    memberTodoIds: members.map((m) => memberTodos.find((mt) => mt.member_id === m.id)?.id ?? ''),
    rewardIds: rewards.map((r) => r.id),
    otherCommunityList,
    ownCommunityList,
  };
}

/** A member's history adds up to its balance: every coin in and out is in it. */
async function expectHistoryAddsUp(real: Real, model: Model) {
  const sum = (xs: { price: number }[]) => xs.reduce((n, x) => n + x.price, 0);
  for (const [i, id] of real.memberIds.entries()) {
    const h = (await call('GET', `/api/member/${id}/history`, real.memberCookies[i]!)).json();
    expect(sum(h.receivedCoins) - sum(h.transactions) - sum(h.characterPurchase) - sum(h.rewardPurchase)).toBe(model.members[i]!.coins);
  }
}

describe('coins: a model of every way coins move', () => {
  it('random sequences of awards, completions, purchases, unlocks, transfers and coin purchases keep every balance and debt equal to the model and the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25, size: 'max' }), async (cmds) => {
        const real = await setup();
        const model: Model = {
          teacher: PURSE - MEMBERS * START,
          members: Array.from({ length: MEMBERS }, () => ({ coins: START, completed: false, collected: 0, owed: 0, unlocked: new Set<string>(), active: new Set<number>() })),
          queue: [],
          boughtCommunity: false,
        };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        await expectHistoryAddsUp(real, model);
      }),
      { numRuns: 15 },
    );
    await expectBooksBalance(db);
  }, 300_000);
});
