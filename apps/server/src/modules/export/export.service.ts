import { createWriteStream, type WriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';
import { AppError } from '@kolikko/core/errors';
import type { Db, Tx } from '../../db/client.ts';
import * as repo from './export.repo.ts';
import type { ExportOwner, MemberInGroup } from './export.repo.ts';

export type { ExportOwner } from './export.repo.ts';

/**
 * The data export (issue 18: the right of access, and the time to save one's data before an
 * inactive account is deleted). One ZIP file: `manifest.json`, `README.txt`, one JSON file per
 * kind of data and `images/<name>` (docs/architecture.md, "Data export", lists them).
 *
 * Made in one read-only, repeatable-read transaction, so balances and ledger rows agree, into a
 * file: the large tables are read a page at a time as the ZIP stream asks for them, so memory
 * holds a page and an image at most, whatever the class's size. The file (not the database) then
 * goes out to the slow client, with its length known for the download's progress.
 */

export const EXPORT_FORMAT = 'kolikko-export';
export const EXPORT_VERSION = 1;

/** Rows per read of the large tables; todos carry up to 300 KB of text and delta each. */
const PAGE_ROWS = 500;
const TODO_PAGE_ROWS = 20;

/** What each file holds, for manifest.json and README.txt. */
const FILE_DESCRIPTIONS: Record<string, { en: string; fi: string; sv: string }> = {
  'account.json': { en: 'your account (no password) and its login sessions', fi: 'tilisi tiedot (ei salasanaa) ja kirjautumisistunnot', sv: 'ditt konto (utan lösenord) och dess inloggningssessioner' },
  'groups.json': { en: 'your groups with their students (no passwords)', fi: 'ryhmäsi ja niiden oppilaat (ei salasanoja)', sv: 'dina grupper och deras elever (utan lösenord)' },
  'todolists.json': { en: 'your todo lists with their todos, and who they are shared with', fi: 'tehtävälistasi tehtävineen, ja kenen kanssa ne on jaettu', sv: 'dina uppgiftslistor med deras uppgifter, och vem de är delade med' },
  'member-todos.json': { en: 'each student todo: done or not, answer, coins collected', fi: 'oppilaiden tehtävät: tehty vai ei, vastaus, kerätyt kolikot', sv: 'elevernas uppgifter: gjord eller inte, svar, tjänade mynt' },
  'rewards.json': { en: 'your rewards and reward lists', fi: 'palkintosi ja palkintolistasi', sv: 'dina belöningar och belöningslistor' },
  'reward-purchases.json': { en: 'rewards bought with coins', fi: 'kolikoilla ostetut palkinnot', sv: 'belöningar som köpts med mynt' },
  'chat.json': { en: 'chat messages', fi: 'chat-viestit', sv: 'chattmeddelanden' },
  'ledger.json': { en: 'every coin movement from or to these accounts', fi: 'jokainen kolikkojen siirto näille tileille tai niiltä', sv: 'varje överföring av mynt till eller från dessa konton' },
  'owed-rewards.json': { en: 'task rewards still owed (the purse was empty)', fi: 'vielä maksamattomat tehtäväpalkkiot (kukkaro oli tyhjä)', sv: 'belöningar för uppgifter som ännu inte har betalats (myntpungen var tom)' },
  'coin-purchases.json': { en: 'coins bought by card', fi: 'kortilla ostetut kolikot', sv: 'mynt som köpts med kort' },
  'community.json': { en: 'community lists published, bought and sold', fi: 'yhteisöön julkaistut, ostetut ja myydyt listat', sv: 'listor som publicerats, köpts och sålts i gemenskapen' },
  'awards.json': { en: "your groups' award reasons, and your awards (reason, coins, when, undone or not)", fi: 'ryhmiesi palkitsemisen syyt ja antamasi palkinnot (syy, kolikot, milloin, peruttu vai ei)', sv: 'dina gruppers motiveringar och de mynt du har gett (motivering, mynt, när, ångrat eller inte)' },
  'images/': { en: 'the pictures of the todos and answers', fi: 'tehtävien ja vastausten kuvat', sv: 'bilderna i uppgifterna och svaren' },
};

/** Zip entries: the file's name and its content (strings, or an image's bytes). */
type Chunks = AsyncIterable<string | Buffer>;

/** `[`, the rows one per line, `]`: pages joined into one string each, never the whole array. */
async function* jsonArray(pages: AsyncIterable<unknown[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield (first ? '\n' : ',\n') + page.map((row) => JSON.stringify(row)).join(',\n');
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

async function* jsonValue(value: () => Promise<unknown>): AsyncGenerator<string> {
  yield `${JSON.stringify(await value(), null, 2)}\n`;
}

/** Pages of a keyset read: `read(after)` with the last row of the page before, until a short page. */
async function* pages<T>(read: (last: T | undefined) => Promise<T[]>, size: number): AsyncGenerator<T[]> {
  let last: T | undefined;
  for (;;) {
    const page = await read(last);
    yield page;
    if (page.length < size) return;
    last = page[page.length - 1];
  }
}

/** A todo or answer row's image as its path in the ZIP. */
function withImagePath<T extends { imageName: string | null }>(row: T): Omit<T, 'imageName'> & { image: string | null } {
  const { imageName, ...rest } = row;
  return { ...rest, image: imageName === null ? null : `images/${imageName}` };
}

/** The teacher's lists, one JSON object each, its todos streamed into it a page at a time. */
async function* todolistsJson(tx: Tx, teacherId: string): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const page of pages((last: { id: string } | undefined) => repo.todolistPage(tx, teacherId, last?.id, PAGE_ROWS), PAGE_ROWS)) {
    for (const list of page) {
      const sharedWith = await repo.todolistSharedWith(tx, list.id);
      const head = JSON.stringify({ ...list, sharedWith });
      yield `${first ? '\n' : ',\n'}${head.slice(0, -1)},"todos":[`;
      first = false;
      let firstTodo = true;
      for await (const todos of pages((last: { position: number } | undefined) => repo.todoPage(tx, list.id, last?.position ?? 0, TODO_PAGE_ROWS), TODO_PAGE_ROWS)) {
        if (todos.length === 0) continue;
        yield (firstTodo ? '' : ',') + todos.map((t) => JSON.stringify(withImagePath(t))).join(',');
        firstTodo = false;
      }
      yield ']}';
    }
  }
  yield first ? ']\n' : '\n]\n';
}

/** The files of a teacher's export, in the order they are written. */
function teacherFiles(tx: Tx, teacher: NonNullable<Awaited<ReturnType<typeof repo.findTeacher>>>): [string, Chunks][] {
  const owner: ExportOwner = { kind: 'teacher', teacherId: teacher.id };
  return [
    [
      'account.json',
      jsonValue(async () => ({
        ...teacher,
        sessions: await repo.sessionRows(tx, owner),
        links: await repo.oneTimeTokenRows(tx, teacher.id),
        blockedTeachers: await repo.blockedUsernames(tx, teacher.id),
        todolistsSharedWithMe: await repo.todolistsSharedWithTeacher(tx, teacher.id),
      })),
    ],
    [
      'groups.json',
      jsonValue(async () => {
        const groups = await repo.teacherGroups(tx, teacher.id);
        const members = await repo.groupMembers(
          tx,
          groups.map((g) => g.id),
        );
        return groups.map((g) => ({ ...g, members: members.filter((m) => m.groupId === g.id) }));
      }),
    ],
    ['todolists.json', todolistsJson(tx, teacher.id)],
    ['member-todos.json', memberTodosJson(tx, owner)],
    ['rewards.json', jsonValue(async () => ({ rewards: await repo.teacherRewards(tx, teacher.id), rewardLists: await repo.teacherRewardLists(tx, teacher.id) }))],
    ['reward-purchases.json', jsonArray(pages((last: { id: string } | undefined) => repo.rewardPurchasePage(tx, owner, last?.id, PAGE_ROWS), PAGE_ROWS))],
    ['chat.json', jsonArray(pages((last: { id: string } | undefined) => repo.chatPage(tx, owner, last?.id, PAGE_ROWS), PAGE_ROWS))],
    ['ledger.json', ledgerJson(tx, owner)],
    ['owed-rewards.json', jsonValue(() => repo.owedRewardRows(tx, owner))],
    ['coin-purchases.json', jsonValue(() => repo.coinPurchaseRows(tx, teacher.id))],
    ['community.json', jsonValue(() => repo.communityRows(tx, teacher.id))],
    [
      'awards.json',
      jsonValue(async () => ({
        reasons: await repo.groupReasons(
          tx,
          (await repo.teacherGroups(tx, teacher.id)).map((g) => g.id),
        ),
        awards: await repo.teacherAwards(tx, teacher.id),
      })),
    ],
  ];
}

/** The files of a student's export. */
function memberFiles(tx: Tx, member: NonNullable<Awaited<ReturnType<typeof repo.findMember>>>): [string, Chunks][] {
  const owner: MemberInGroup = { kind: 'member', memberId: member.id, groupId: member.groupId };
  const { groupName, teacherUsername, ...account } = member;
  return [
    [
      'account.json',
      jsonValue(async () => ({ ...account, group: { id: member.groupId, name: groupName }, teacher: { username: teacherUsername }, sessions: await repo.sessionRows(tx, owner) })),
    ],
    ['member-todos.json', memberTodosJson(tx, owner)],
    ['reward-purchases.json', jsonArray(pages((last: { id: string } | undefined) => repo.rewardPurchasePage(tx, owner, last?.id, PAGE_ROWS), PAGE_ROWS))],
    ['chat.json', jsonArray(pages((last: { id: string } | undefined) => repo.chatPage(tx, owner, last?.id, PAGE_ROWS), PAGE_ROWS))],
    ['ledger.json', ledgerJson(tx, owner)],
    ['owed-rewards.json', jsonValue(() => repo.owedRewardRows(tx, owner))],
  ];
}

function memberTodosJson(tx: Tx, owner: ExportOwner): Chunks {
  return jsonArray(
    (async function* () {
      for await (const page of pages((last: { id: string } | undefined) => repo.memberTodoPage(tx, owner, last?.id, PAGE_ROWS), PAGE_ROWS)) {
        yield page.map(withImagePath);
      }
    })(),
  );
}

function ledgerJson(tx: Tx, owner: ExportOwner): Chunks {
  return jsonArray(pages((last: { id: number } | undefined) => repo.ledgerPage(tx, owner, last?.id ?? 0, PAGE_ROWS), PAGE_ROWS));
}

function readme(kind: ExportOwner['kind'], username: string, exportedAt: Date, files: string[]): string {
  const list = (lang: 'en' | 'fi' | 'sv') => files.map((f) => `  ${f.padEnd(22)} ${FILE_DESCRIPTIONS[f]?.[lang] ?? ''}`).join('\n');
  return [
    `Kolikko: the data of ${kind === 'teacher' ? 'teacher' : 'student'} ${username}, exported ${exportedAt.toISOString()}.`,
    'Each .json file is UTF-8 JSON; times are ISO 8601 in UTC; coin accounts are written teacher:<id>, member:<id>, mint (coins made) and sink (coins removed).',
    'manifest.json names the format and its version.',
    '',
    list('en'),
    '',
    `Kolikko: ${kind === 'teacher' ? 'opettajan' : 'oppilaan'} ${username} tiedot, viety ${exportedAt.toISOString()}.`,
    'Jokainen .json-tiedosto on UTF-8-muotoista JSONia; ajat ovat ISO 8601 -muodossa UTC-ajassa; kolikkotilit ovat teacher:<id>, member:<id>, mint (luodut kolikot) ja sink (poistetut kolikot).',
    '',
    list('fi'),
    '',
    `Kolikko: data för ${kind === 'teacher' ? 'läraren' : 'eleven'} ${username}, exporterade ${exportedAt.toISOString()}.`,
    'Varje .json-fil är JSON i UTF-8; tiderna är i ISO 8601-format i UTC; myntkontona skrivs teacher:<id>, member:<id>, mint (skapade mynt) och sink (borttagna mynt).',
    '',
    list('sv'),
    '',
  ].join('\n');
}

/** The download's file name: `kolikko-<username>-<yyyy-mm-dd>.zip` (usernames are [A-Za-z0-9._-]). */
export function exportFileName(username: string, at: Date): string {
  return `kolikko-${username}-${at.toISOString().slice(0, 10)}.zip`;
}

/**
 * The first error of any of these streams: `or(p)` settles as `p`, or rejects with that error once
 * one comes. (Racing each step against one never-settling promise would keep every step's result,
 * here every picture, reachable from it until the end.)
 */
function firstError(...emitters: NodeJS.EventEmitter[]) {
  let error: Error | undefined;
  const waiting = new Set<(err: Error) => void>();
  for (const e of emitters) {
    e.on('error', (err: Error) => {
      error ??= err;
      for (const reject of waiting) reject(err);
      waiting.clear();
    });
  }
  return {
    or<T>(step: Promise<T>): Promise<T> {
      if (error) return Promise.reject(error);
      return new Promise<T>((resolve, reject) => {
        waiting.add(reject);
        step.then(
          (value) => (waiting.delete(reject), resolve(value)),
          (err: unknown) => (waiting.delete(reject), reject(err as Error)),
        );
      });
    },
  };
}

export interface ExportFile {
  bytes: number;
  filename: string;
  username: string;
}

/**
 * Writes the owner's export as a new ZIP file at `path` (mode 0600; an existing file is an
 * error). USER.USER_NOT_FOUND when the owner does not exist. On an error the file may be left
 * half written: the caller removes it.
 *
 * The JSON files are written inside one read-only, repeatable-read transaction (a consistent
 * picture of the rows). The pictures never change once stored, so they are copied after it, one
 * query each: on PGlite, whose one connection the transaction holds, other requests go on between
 * them. A picture deleted in between is left out.
 */
export async function writeExportFile(db: Db, owner: ExportOwner, path: string, now: Date = new Date()): Promise<ExportFile> {
  let zip: yazl.ZipFile | undefined;
  let out: WriteStream | undefined;
  try {
    const { username, images, failed, entry } = await db.transaction(
      async (tx) => {
        const teacher = owner.kind === 'teacher' ? await repo.findTeacher(tx, owner.teacherId) : undefined;
        const member = owner.kind === 'member' ? await repo.findMember(tx, owner.memberId) : undefined;
        const username = teacher?.username ?? member?.username;
        if (username === undefined) throw new AppError('USER.USER_NOT_FOUND');
        const files = teacher ? teacherFiles(tx, teacher) : memberFiles(tx, member!);
        const names = [...files.map(([name]) => name), 'images/'];

        zip = new yazl.ZipFile();
        out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
        const failed = firstError(zip, out, zip.outputStream);
        zip.outputStream.pipe(out);

        const entry = { mtime: now, mode: 0o100644 };
        const manifest = { format: EXPORT_FORMAT, version: EXPORT_VERSION, kind: owner.kind === 'teacher' ? 'teacher' : 'student', username, exportedAt: now.toISOString(), files: names };
        zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 'manifest.json', entry);
        zip.addBuffer(Buffer.from(readme(owner.kind, username, now, names)), 'README.txt', entry);
        let jsonWritten!: () => void;
        const allJsonWritten = new Promise<void>((resolve) => (jsonWritten = resolve));
        files.forEach(([name, chunks], i) => {
          const last = i === files.length - 1;
          const stream = Readable.from(chunks, { objectMode: false });
          if (last) stream.on('end', jsonWritten);
          zip!.addReadStreamLazy(name, entry, (cb) => cb(null, stream));
        });
        await failed.or(allJsonWritten);
        return { username, images: await repo.imageList(tx, owner), failed, entry };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    // Each picture is read when the ZIP has taken the one before: two at most are held.
    for (const image of images) {
      let bytes = await failed.or(repo.imageBytes(db, image.id));
      if (bytes === undefined) continue;
      const taken = new Promise<void>((resolve) => {
        zip!.addReadStreamLazy(`images/${image.name}`, { ...entry, compress: false }, (cb) => {
          // yazl keeps this function with its entry to the end: let go of the bytes once given.
          const given = Readable.from([bytes!]);
          bytes = undefined;
          resolve();
          cb(null, given);
        });
      });
      await failed.or(taken);
    }
    zip!.end();
    await failed.or(finished(out!));
    return { bytes: (await stat(path)).size, filename: exportFileName(username, now), username };
  } catch (err) {
    out?.destroy();
    throw err;
  }
}
