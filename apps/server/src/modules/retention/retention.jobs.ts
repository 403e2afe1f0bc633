import { AppError } from '@kolikko/core/errors';
import { INACTIVE_ACCOUNT_DELETION_MS, LOGIN_KNOWN_ADDRESS_MS } from '@kolikko/core/limits';
import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { queueOutboxMail } from '../../platform/mail-outbox.repo.ts';
import type { AccountService } from '../account/account.service.ts';
import type { MembersService } from '../members/members.service.ts';
import { inactivityWarningMail } from './retention.mail.ts';
import * as repo from './retention.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The warning goes out this long before the deletion, at the least. */
export const INACTIVITY_WARNING_NOTICE_MS = 30 * DAY_MS;
/**
 * Deletion is due a day before the 2 years are full, the warning a day before the notice, so an
 * hourly job keeps "no later than 2 years after the last login" (the privacy text) with time to spare.
 */
const MARGIN_MS = DAY_MS;
export const DELETE_AFTER_INACTIVE_MS = INACTIVE_ACCOUNT_DELETION_MS - MARGIN_MS;
export const WARN_AFTER_INACTIVE_MS = DELETE_AFTER_INACTIVE_MS - INACTIVITY_WARNING_NOTICE_MS;
/** Longer than any attempt policy remembers a key (core's limits: an hour at most). */
const ATTEMPTS_QUIET_MS = DAY_MS;
/** Mail kept in the outbox (no SMTP, or given up on) is deleted after this. */
export const KEPT_MAIL_MS = 30 * DAY_MS;
/** Contact form messages are kept a year, to answer them and follow up (the privacy policy says so). */
export const CONTACT_MESSAGE_KEEP_MS = 365 * DAY_MS;

/** How many accounts a run takes at a time (each deleted in its own transaction). */
const BATCH = 100;

export interface RetentionDeps {
  db: Db;
  account: Pick<AccountService, 'remove'>;
  members: Pick<MembersService, 'remove'>;
  publicUrl: string;
  /** Sends the queued warnings now rather than at the relay's next look (platform/mail-relay.ts). */
  sendQueuedMail?: () => Promise<unknown>;
  /** Disconnects the sockets of a deleted teacher and its students (as the account's route does). */
  disconnect?: (teacherId: string, memberIds: string[]) => void;
}

/** Thrown in the deleting transaction when a login came in after the teacher was chosen. */
class NoLongerDue extends Error {}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * The retention jobs (spec sections 1 and 9, the privacy text): inactive teachers warned, then
 * deleted; inactive students deleted; expired rows purged. Each unit (a warning with its mail, an
 * account, a batch of rows) is one transaction, and every query chooses what is still to do, so a run
 * killed midway is finished by the next without doing anything twice.
 */
export function retentionJobs(deps: RetentionDeps): JobDefinition[] {
  const { db } = deps;
  return [
    {
      name: 'warn-inactive-teachers',
      everyMinutes: 60,
      async run({ now, log }) {
        let warned = 0;
        for (;;) {
          const done = await db.transaction(async (tx) => {
            const teacher = await repo.claimTeacherToWarn(tx, ago(now, WARN_AFTER_INACTIVE_MS), now);
            if (!teacher) return false;
            const byInactivity = teacher.lastActiveAt.getTime() + DELETE_AFTER_INACTIVE_MS;
            const deleteOn = new Date(Math.max(byInactivity, now.getTime() + INACTIVITY_WARNING_NOTICE_MS));
            await queueOutboxMail(tx, inactivityWarningMail(teacher.email, teacher.username, deleteOn, `${deps.publicUrl}/teacher/login`));
            log.info({ teacherId: teacher.id, deleteOn }, 'inactive teacher warned');
            return true;
          });
          if (!done) break;
          warned += 1;
        }
        if (warned > 0) await deps.sendQueuedMail?.();
        return { rows: warned };
      },
    },
    {
      name: 'delete-inactive-teachers',
      everyMinutes: 60,
      async run({ now, log }) {
        const activeBefore = ago(now, DELETE_AFTER_INACTIVE_MS);
        const warnedBefore = ago(now, INACTIVITY_WARNING_NOTICE_MS);
        let deleted = 0;
        const skipped = new Set<string>();
        for (;;) {
          const due = (await repo.listTeachersDueForDeletion(db, activeBefore, warnedBefore, BATCH + skipped.size)).filter((id) => !skipped.has(id));
          for (const teacherId of due) {
            try {
              const memberIds = await deps.account.remove(teacherId, async (tx) => {
                if (!(await repo.teacherStillDue(tx, teacherId, activeBefore, warnedBefore))) throw new NoLongerDue();
              });
              deps.disconnect?.(teacherId, memberIds);
              deleted += 1;
              log.info({ teacherId, members: memberIds.length }, 'inactive teacher deleted');
            } catch (err) {
              // Logged in meanwhile, or deleted by the teacher: nothing to do.
              if (!(err instanceof NoLongerDue) && !(err instanceof AppError && err.code === 'AUTH.NO_AUTH')) throw err;
              skipped.add(teacherId);
            }
          }
          if (due.length < BATCH) break;
        }
        return { rows: deleted };
      },
    },
    {
      name: 'delete-inactive-members',
      everyMinutes: 60,
      async run({ now, log }) {
        const activeBefore = ago(now, DELETE_AFTER_INACTIVE_MS);
        let deleted = 0;
        const skipped = new Set<string>();
        for (;;) {
          const due = (await repo.listMembersDueForDeletion(db, activeBefore, BATCH + skipped.size)).filter((m) => !skipped.has(m.id));
          for (const member of due) {
            try {
              // The teacher's own deletion of a student: its coins go back to the teacher's purse.
              await deps.members.remove({ kind: 'teacher', teacherId: member.teacherId }, member.id, async (tx) => {
                if (!(await repo.memberStillDue(tx, member.id, activeBefore))) throw new NoLongerDue();
              });
              deleted += 1;
            } catch (err) {
              // Logged in meanwhile, or deleted meanwhile (by its teacher, with its group): nothing to do.
              if (!(err instanceof NoLongerDue) && !(err instanceof AppError && err.code === 'MEMBER.MEMBER_NOT_FOUND')) throw err;
              skipped.add(member.id);
            }
          }
          if (due.length < BATCH) break;
        }
        if (deleted > 0) log.info({ deleted }, 'inactive students deleted');
        return { rows: deleted };
      },
    },
    {
      name: 'purge-expired',
      everyMinutes: 60,
      async run({ now, log }) {
        const parts = {
          sessions: repo.purgeable.sessions(now),
          oneTimeTokens: repo.purgeable.oneTimeTokens(now),
          captchaUsed: repo.purgeable.captchaUsed(now),
          authAttempts: repo.purgeable.authAttempts(now, ago(now, ATTEMPTS_QUIET_MS), ago(now, LOGIN_KNOWN_ADDRESS_MS)),
          keptMail: repo.purgeable.keptMail(ago(now, KEPT_MAIL_MS)),
          contactMessages: repo.purgeable.contactMessages(ago(now, CONTACT_MESSAGE_KEEP_MS)),
        };
        const counts: Record<string, number> = {};
        let rows = 0;
        for (const [what, { table, key, where }] of Object.entries(parts)) {
          counts[what] = await repo.deleteAll(db, table, key, where);
          rows += counts[what];
        }
        if (rows > 0) log.info({ deleted: counts }, 'expired rows purged');
        return { rows };
      },
    },
  ];
}
