import { z } from 'zod';
import { ZShareRecipient } from './sharing.ts';
import { ZReportDay } from './reports.ts';

/**
 * Issue 34's co-teachers. A group's owner invites another teacher, named by username or e-mail as
 * a share's recipient is, optionally until a day (UTC, its last day included: a substitute for a
 * week). The invitee accepts or declines; until it accepts nothing of the group is shared.
 */
export const ZInviteCoteacherRequest = z.object({
  recipient: ZShareRecipient,
  /** The last day the co-teacher may act (YYYY-MM-DD, today or later); absent: until removed. */
  until: ZReportDay.optional(),
});
export type TInviteCoteacherRequest = z.infer<typeof ZInviteCoteacherRequest>;

/** One co-teacher of a group, as its owner sees it: accepted or only invited. */
export const ZCoteacher = z.object({
  id: z.uuid(),
  teacher_id: z.uuid(),
  username: z.string(),
  /** The end of the last day (UTC) the co-teacher may act; null: until removed. */
  until: z.string().nullable(),
  accepted: z.boolean(),
  invited_at: z.string(),
});
export type TCoteacher = z.infer<typeof ZCoteacher>;

/** GET group/{id}/coteachers. */
export const ZCoteachers = z.array(ZCoteacher);

/** An invitation as the invitee sees it: which group, whose, until when. */
export const ZCoteachingInvitation = z.object({
  id: z.uuid(),
  group_id: z.uuid(),
  group_name: z.string(),
  owner_username: z.string(),
  until: z.string().nullable(),
  invited_at: z.string(),
});
export type TCoteachingInvitation = z.infer<typeof ZCoteachingInvitation>;

export const ZCoteachingInvitations = z.array(ZCoteachingInvitation);

export const ZInvitationId = z.uuid({ error: 'COTEACHING.INVITATION_NOT_FOUND' });
