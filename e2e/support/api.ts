import { expect, type APIRequestContext } from '@playwright/test';
import { createHash } from 'node:crypto';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

let seq = 0;
/** A name no other test in this run uses (3 to 16 characters). */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${(seq++).toString(36)}`.slice(0, 16);
}

export async function outbox(request: APIRequestContext): Promise<OutboxMail[]> {
  const res = await request.get('/api/dev/outbox');
  expect(res.ok()).toBeTruthy();
  return res.json();
}

/** The newest link of a given path mailed to an address, as a path the browser can open. */
export async function mailedLink(request: APIRequestContext, to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await outbox(request)).filter((m) => m.to === to).at(-1);
      link = mail?.text.match(new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}\\?token=[\\w-]+`))?.[0];
      return link;
    })
    .toBeTruthy();
  return new URL(link ?? '').pathname + new URL(link ?? '').search;
}

/**
 * Solves the server's ALTCHA challenge as the browser does: the number whose SHA-256 after the salt
 * is the challenge. Hashed here synchronously with node:crypto: altcha-lib's solver awaits Web
 * Crypto for each number, 330 ms of a worker's CPU a signup against 33 (most browser journeys
 * sign their teachers up so; the signup forms still solve it in the page with altcha-lib).
 */
export async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const c = (await (await request.get('/api/captcha')).json()) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  if (c.algorithm !== 'SHA-256') throw new Error(`captcha algorithm ${c.algorithm}`);
  let number = 0;
  while (number <= c.maxnumber && createHash('sha256').update(c.salt + number).digest('hex') !== c.challenge) number += 1;
  if (number > c.maxnumber) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature })).toString('base64');
}

/** A verified teacher made through the real signup and verification link. */
export async function createTeacher(request: APIRequestContext, password = 'secret123') {
  const username = uniqueName('t');
  const email = `${username}@school.test`;
  const res = await request.post('/api/signup/admin', { data: { username, email, password, captcha: await solvedCaptcha(request) } });
  expect(res.status(), await res.text()).toBe(201);
  const verify = await request.get(await mailedLink(request, email, '/api/verify-email'), { maxRedirects: 0 });
  expect(verify.headers().location).toBe('/teacher/login?success=true');
  return { username, email, password };
}

/** A group made through the real API as its teacher (who is signed out of this context afterwards). */
export async function createGroup(
  request: APIRequestContext,
  teacher: { username: string; password: string },
  opts: { locked?: boolean } = {},
) {
  const name = uniqueName('Class');
  const login = await request.post('/api/login/admin', { data: { loginName: teacher.username, password: teacher.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { id } = await login.json();
  const made = await request.post('/api/group', { data: { id, group_name: name } });
  expect(made.status(), await made.text()).toBe(201);
  const group = await made.json();
  if (opts.locked) expect((await request.put(`/api/group/${group.id}/lock`)).status()).toBe(200);
  await request.get('/api/logout');
  return { id: group.id as string, name };
}

/** A student who joined the group through the real signup. */
export async function joinGroup(request: APIRequestContext, groupName: string, password = 'carrot1') {
  const username = uniqueName('kid');
  const res = await request.post('/api/signup/member', { data: { username, group_name: groupName, password } });
  expect(res.status(), await res.text()).toBe(201);
  return { username, password };
}

/** A teacher with one group and one student in it, all through the API. */
export async function createClassroom(request: APIRequestContext) {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const kid = await joinGroup(request, group.name);
  return { teacher, group, kid };
}
