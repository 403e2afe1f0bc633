import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES } from '@kolikko/core/limits';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createBackground, type Background } from './platform/background.ts';
import { createCaptcha } from './platform/captcha.ts';
import { responseSerializerCompiler } from './platform/serializer.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './platform/mail.ts';
import { createMailRelay } from './platform/mail-relay.ts';
import { createJobRunner, type JobTiming } from './platform/jobs.ts';
import { createPaymentProvider, type PaymentProvider } from './platform/payments.ts';
import authPlugin, { SessionCache } from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import opsPlugin from './plugins/ops.ts';
import realtimePlugin from './plugins/realtime.ts';
import { disconnectTeacherAndStudents, internalRooms } from './modules/realtime/io.ts';
import securityPlugin, { isAsset } from './plugins/security.ts';
import textInputPlugin from './plugins/text-input.ts';
import webPlugin from './plugins/web.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createSsoClient } from './modules/sso/sso.client.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import { createSsoService } from './modules/sso/sso.service.ts';
import { badgesRoutes } from './modules/badges/badges.routes.ts';
import { reasonsRoutes } from './modules/reasons/reasons.routes.ts';
import { coteachingRoutes } from './modules/coteaching/coteaching.routes.ts';
import { awardsRoutes } from './modules/awards/awards.routes.ts';
import { toolkitRoutes } from './modules/toolkit/toolkit.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createToolkitService } from './modules/toolkit/toolkit.service.ts';
import { socketToolkitEvents } from './modules/toolkit/toolkit.events.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { createAwardsService } from './modules/awards/awards.service.ts';
import { createReasonsService } from './modules/reasons/reasons.service.ts';
import { createCoteachingService } from './modules/coteaching/coteaching.service.ts';
import { socketCoteachingEvents } from './modules/coteaching/coteaching.events.ts';
import { coteachingJobs } from './modules/coteaching/coteaching.jobs.ts';
import { createBadgesService } from './modules/badges/badges.service.ts';
import { createClassListService } from './modules/badges/class-list.service.ts';
import { socketSessionEvents } from './modules/auth/auth.events.ts';
import { exemptAddresses, warnOfProxyWithoutTrust } from './modules/auth/attempt-limits.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { socketChatEvents } from './modules/chat/chat.events.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { demoGuard, demoRoutes } from './modules/demo/demo.routes.ts';
import { createDemoService } from './modules/demo/demo.service.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { groupsRoutes } from './modules/groups/groups.routes.ts';
import { socketGroupEvents } from './modules/groups/groups.events.ts';
import { createGroupsService } from './modules/groups/groups.service.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { createMembersService } from './modules/members/members.service.ts';
import { socketOwedRewardEvents } from './modules/coins/owed-rewards.events.ts';
import { createOwedRewardsService } from './modules/coins/owed-rewards.service.ts';
import { memberTodosRoutes } from './modules/todos/member-todos.routes.ts';
import { createMemberTodosService } from './modules/todos/member-todos.service.ts';
import { communityRoutes } from './modules/community/community.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { createCommunityService } from './modules/community/community.service.ts';
import { operatorRoutes } from './modules/operator/operator.routes.ts';
import { sharingRoutes } from './modules/sharing/sharing.routes.ts';
import { socketSharingEvents } from './modules/sharing/sharing.events.ts';
import { createSharingService } from './modules/sharing/sharing.service.ts';
import { todolistsRoutes } from './modules/todos/todolists.routes.ts';
import { createTodolistsService } from './modules/todos/todolists.service.ts';
import { socketTodoEvents } from './modules/todos/todos.events.ts';
import { todosRoutes } from './modules/todos/todos.routes.ts';
import { createTodosService } from './modules/todos/todos.service.ts';
import { avatarsRoutes } from './modules/avatars/avatars.routes.ts';
import { createAvatarsService } from './modules/avatars/avatars.service.ts';
import { loadCharacterCatalog } from './modules/avatars/catalog.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { exportRoutes } from './modules/export/export.routes.ts';
import { createHistoryService } from './modules/history/history.service.ts';
import { socketMemberEvents } from './modules/members/members.events.ts';
import { rewardPurchasesRoutes } from './modules/rewards/reward-purchases.routes.ts';
import { createRewardPurchasesService } from './modules/rewards/reward-purchases.service.ts';
import { rewardsRoutes } from './modules/rewards/rewards.routes.ts';
import { createRewardsService } from './modules/rewards/rewards.service.ts';
import { socketRewardEvents } from './modules/rewards/rewards.events.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { transfersRoutes } from './modules/transfers/transfers.routes.ts';
import { createTransfersService } from './modules/transfers/transfers.service.ts';
import { retentionJobs } from './modules/retention/retention.jobs.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Replaces the driver the configuration names (tests: Stripe pointed at a stand-in). */
  paymentProvider?: PaymentProvider;
  /** Replaces the mailer the configuration names (tests: a mail server that hangs or fails). */
  mailer?: Mailer;
  /** Tests pass their own, to wait until the work a request left behind is done. */
  background?: Background;
  /** On the embedded database: the secret of the operator's calls (modules/operator); none without. */
  operatorSecret?: string;
  /** The clock the scheduled jobs and award undos see (tests run a job "two years later", or undo a minute late). */
  clock?: () => Date;
  /** Tests: shorter waits of the job runner (platform/jobs.ts). */
  jobTiming?: Partial<JobTiming>;
  /** Tests: where the log lines go (else stdout). */
  logStream?: { write(line: string): void };
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Registers plugins and modules; never listens (main.ts does, tests use inject()). */
export async function buildApp({ config, database, paymentProvider, ...options }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logStream ? { level: config.logLevel, stream: options.logStream } : { level: config.logLevel },
    // One line a request, written as it is answered (plugins/ops.ts), not Fastify's two: half the
    // log's cost (bench/request-log.mjs: 18.9 -> 9.9 µs a request at info).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Behind a load balancer the client's address (for the per-address limits) is the forwarded one.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // While closing, plugins/errors.ts answers 503 SERVER.UNAVAILABLE in the catalogue's form.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: !config.isProduction }));
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isAsset(request.url)) reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const { db } = database;
  database.onIdleError((err) => app.log.warn({ err }, 'an idle PostgreSQL connection failed; the pool opens another when it needs one'));
  const mailer: Mailer = options.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db, app.log));
  const background = options.background ?? createBackground(app.log);
  // Sends mail queued in the outbox (contact messages), retrying while SMTP fails.
  const relay = createMailRelay({ db, mailer, log: app.log, ...(options.clock ? { clock: options.clock } : {}) });
  app.decorate('mailRelay', relay);
  app.addHook('onReady', async () => relay.start());
  // The scheduled jobs (platform/jobs.ts): registered by the modules below, started once all are.
  const jobs = createJobRunner({ database, log: app.log, schedule: config.jobs, ...(options.clock ? { clock: options.clock } : {}), ...(options.jobTiming ? { timing: options.jobTiming } : {}) });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    // Mail a request left to be sent goes out before the mailer closes.
    await background.settled();
    await jobs.stop();
    await relay.stop();
    mailer.close();
  });
  const captcha = createCaptcha(db, config.captcha);
  const payments = paymentProvider ?? createPaymentProvider(config.payments);
  if (config.isProduction && payments.name === 'dev') {
    app.log.warn('no Stripe keys: coins cannot be bought by card (the dev provider has no succeed route in production)');
  }
  // Issue 35: no per-address limit is lifted for an address unless LIMITS_EXEMPT_ADDRESSES names it.
  const limitsExempt = exemptAddresses(config.limitsExemptAddresses);
  if (config.isProduction && config.trustProxy === false) warnOfProxyWithoutTrust(app);

  await app.register(errorsPlugin);
  await app.register(textInputPlugin);
  await app.register(securityPlugin, { publicUrl: config.publicUrl, secure: config.isProduction, stripe: payments.name === 'stripe' });
  await app.register(cookie);
  // Uploads are images: one file, at most 5 MB (a bigger one answers 413 IMAGE.TOO_BIG_FILE).
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  // A generous ceiling per address: a whole class shares one school address. The app's files are
  // not counted (a student's first load is some 25 of them: a class opening the app at once would
  // spend a third of the minute's requests on files the browser then caches for a year), and the
  // counts are sent only with a 429, not in three headers on every answer.
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => isAsset(request.url),
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
  // One minute at most, for up to 50,000 sessions (a few MB); revocations reach it at once.
  const sessionCache = new SessionCache(60_000, 50_000);
  await app.register(authPlugin, { db, cache: sessionCache });
  await app.register(opsPlugin, { ping: database.ping, jobs });
  await app.register(realtimePlugin, { db, sessionCache, publicUrl: config.publicUrl, redisUrl: config.redisUrl, redisKeyPrefix: config.redisKeyPrefix });

  await app.register(
    async (api) => {
      const secureCookies = config.isProduction;
      const sessions = socketSessionEvents(app.io, sessionCache, { crossNode: config.redisUrl !== undefined });
      const memberEvents = socketMemberEvents(app.io);
      // Owed rewards are paid as soon as a purse has coins again; at start-up too, for a purse a
      // crash left holding coins while it owes (its payment runs after the credit's commit).
      const owedRewards = createOwedRewardsService({ db, events: socketOwedRewardEvents(app.io), log: app.log });
      api.addHook('onReady', async () => owedRewards.settleAll());
      const catalog = loadCharacterCatalog();
      const characterParts = { face: catalog.faces.map((part) => part.path), hair: catalog.hairs.map((part) => part.path) };
      const auth = createAuthService({ db, relay, captcha, publicUrl: config.publicUrl, sessions, memberEvents, background, characterParts, limitsExempt });
      // The demo at /proto (issue 19): its guard sees every API route registered after it; each
      // process removes idle demos on a timer (until issue 18's job runner takes the sweep).
      const demo = createDemoService({ db, sessions, owedRewards, characterParts, log: app.log, limitsExempt });
      api.addHook('preValidation', demoGuard(demo));
      const stopDemoSweep = demo.schedule();
      api.addHook('onClose', async () => stopDemoSweep());
      await api.register(demoRoutes, { demo, secureCookies });
      await api.register(authRoutes, { auth, secureCookies });
      // Teacher sign-in through the school's OpenID provider (issue 34).
      const sso = createSsoService({ db, providers: config.sso, client: createSsoClient(config.publicUrl, options.clock), auth });
      await api.register(ssoRoutes, { sso, secureCookies, publicUrl: config.publicUrl });
      // Badge sign-in and class lists (issue 31): children who cannot type yet, a whole class at once.
      const badges = createBadgesService({ db, publicUrl: config.publicUrl, sessions, limitsExempt });
      const classList = createClassListService({ db, publicUrl: config.publicUrl, memberEvents, characterParts });
      await api.register(badgesRoutes, { badges, classList, secureCookies });
      await api.register(reasonsRoutes, { reasons: createReasonsService({ db }) });
      const coteachingEvents = socketCoteachingEvents(app.io);
      await api.register(coteachingRoutes, { coteaching: createCoteachingService({ db, events: coteachingEvents }) });
      for (const job of coteachingJobs({ events: coteachingEvents })) jobs.register(job);
      await api.register(groupsRoutes, { groups: createGroupsService({ db, events: socketGroupEvents(app.io), sessions, owedRewards }) });
      const clock = options.clock ?? (() => new Date());
      const members = createMembersService({ db, events: memberEvents, sessions, owedRewards, clock });
      await api.register(awardsRoutes, { awards: createAwardsService({ db, events: memberEvents, owedRewards, clock }) });
      const onlineMemberIds = async (groupId: string) => {
        const sockets = await app.io.in(internalRooms.online(groupId)).fetchSockets();
        return sockets.flatMap((s) => (s.data.session.kind === 'member' ? [s.data.session.memberId] : []));
      };
      await api.register(toolkitRoutes, { toolkit: createToolkitService({ db, events: socketToolkitEvents(app.io), onlineMemberIds, clock }) });
      // Issue 33: what waits for the teacher, for /teacher/home.
      await api.register(dashboardRoutes, { dashboard: createDashboardService({ db, clock }) });
      // Issue 33: the class report over a range of days (JSON, or a spreadsheet).
      await api.register(reportsRoutes, { reports: createReportsService({ db }) });
      const account = createAccountService({ db, sessions });
      await api.register(membersRoutes, { members, secureCookies });
      await api.register(accountRoutes, { account, secureCookies });
      // Inactive accounts and expired rows (modules/retention): the promises of the privacy text.
      const disconnect = (teacherId: string, memberIds: string[]) => disconnectTeacherAndStudents(app.io, teacherId, memberIds);
      const sendQueuedMail = () => relay.deliverDue();
      for (const job of retentionJobs({ db, account, members, publicUrl: config.publicUrl, sendQueuedMail, disconnect })) jobs.register(job);
      const events = socketTodoEvents(app.io);
      const sharingEvents = socketSharingEvents(app.io);
      const todolists = createTodolistsService({ db, events, sharing: sharingEvents });
      await api.register(todolistsRoutes, { todolists });
      await api.register(sharingRoutes, { sharing: createSharingService({ db, todolists, todoEvents: events, events: sharingEvents }) });
      await api.register(communityRoutes, { community: createCommunityService({ db, todolists, owedRewards }) });
      if (options.operatorSecret) await api.register(operatorRoutes, { db, secret: options.operatorSecret, account, members, disconnect, backup: database.backup });
      await api.register(todosRoutes, { todos: createTodosService({ db, events, owedRewards }) });
      await api.register(memberTodosRoutes, { memberTodos: createMemberTodosService({ db, events, owedRewards }) });
      const rewardEvents = socketRewardEvents(app.io);
      await api.register(rewardsRoutes, { rewards: createRewardsService({ db, events: rewardEvents }) });
      await api.register(rewardPurchasesRoutes, { purchases: createRewardPurchasesService({ db, events: memberEvents, rewardEvents }) });
      await api.register(avatarsRoutes, { avatars: createAvatarsService({ db, events: memberEvents, catalog }) });
      await api.register(transfersRoutes, { transfers: createTransfersService({ db, events: memberEvents }) });
      await api.register(historyRoutes, { history: createHistoryService({ db, catalog }) });
      await api.register(exportRoutes, { db });
      await api.register(chatRoutes, { chat: createChatService({ db, events: socketChatEvents(app.io) }) });
      await api.register(contactRoutes, { contact: createContactService({ db, captcha, relay, background, log: app.log, config, limitsExempt }) });
      const paymentsService = createPaymentsService({ db, provider: payments, packages: config.coinPackages, owedRewards, relay, background, log: app.log, seller: config.seller });
      await api.register(paymentsRoutes, { payments: paymentsService, devRoutes: !config.isProduction, ssoProviders: sso.list() });
      if (!config.isProduction) await api.register(devRoutes, { db });
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { dist: config.webDist ?? defaultWebDist });
  return app;
}
