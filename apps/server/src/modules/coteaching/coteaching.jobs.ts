import type { JobDefinition } from '../../platform/jobs.ts';
import type { CoteachingEvents } from './coteaching.events.ts';
import * as repo from './coteaching.repo.ts';

/**
 * Issue 34: a co-teaching whose last day has passed stops at once on every route (the access rule
 * reads `until`); this job, every minute, also ends what is still live of it: the row goes (the
 * owner's list no longer shows it), and the co-teacher's open sockets leave the group's room as a
 * removal's do. An invitation that expired unanswered goes too. One statement: a run killed midway
 * leaves the rest for the next.
 */
export function coteachingJobs({ events }: { events: CoteachingEvents }): JobDefinition[] {
  return [
    {
      name: 'end-coteachings',
      everyMinutes: 1,
      async run({ db, now }) {
        const ended = await repo.deleteEnded(db, now);
        for (const row of ended) if (row.accepted) events.ended(row.groupId, row.ownerId, row.teacherId);
        return { rows: ended.length };
      },
    },
  ];
}
