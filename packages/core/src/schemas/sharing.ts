import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../limits.ts';
import { ZSharePermission, ZTodolist } from './todos.ts';
import { ZRewardList } from './rewards.ts';

/**
 * Sharing lists between teachers (spec sections 5, 6, 7): a todo list with read or edit
 * permission, a reward list to view and copy. A recipient is named by its username or e-mail
 * address; an empty one (after trim) is an unknown user, as spec section 5 asks it to be non-empty.
 */
export const ZShareRecipient = z
  .string({ error: 'USER.USER_NOT_FOUND' })
  .trim()
  .min(1, { error: 'USER.USER_NOT_FOUND' })
  .max(EMAIL_MAX_LENGTH, { error: 'USER.USER_NOT_FOUND' });

/** A username in a path: the recipient of a share. */
export const ZShareUsername = z.string().trim().min(1, { error: 'USER.USER_NOT_FOUND' }).max(EMAIL_MAX_LENGTH, { error: 'USER.USER_NOT_FOUND' });

export const ZShareTodolistRequest = z.object({
  recipient: ZShareRecipient,
  /** `read` when absent. */
  permissions: ZSharePermission.optional(),
});
export type TShareTodolistRequest = z.infer<typeof ZShareTodolistRequest>;

export const ZUpdateTodolistShareRequest = z.object({ permissions: ZSharePermission });
export type TUpdateTodolistShareRequest = z.infer<typeof ZUpdateTodolistShareRequest>;

export const ZShareRewardListRequest = z.object({ recipient: ZShareRecipient });
export type TShareRewardListRequest = z.infer<typeof ZShareRewardListRequest>;

/** GET shared-todolists/{userId}: the lists other teachers shared with the caller. */
export const ZSharedTodolists = z.array(ZTodolist);

/** A reward list shared with the caller: who shared it; `shared_with` is empty for a recipient. */
export const ZSharedRewardList = ZRewardList.extend({ shared_by_username: z.string() });
export type TSharedRewardList = z.infer<typeof ZSharedRewardList>;

/** GET shared-rewardlists/{userId}: the reward lists other teachers shared with the caller. */
export const ZSharedRewardLists = z.array(ZSharedRewardList);

/** A teacher the caller blocked from sharing with it (ours: spec section 6 names blocking, section 7 no call). */
export const ZBlockedTeacher = z.object({ username: z.string(), blocked_at: z.string() });
export type TBlockedTeacher = z.infer<typeof ZBlockedTeacher>;
export const ZBlockedTeachers = z.array(ZBlockedTeacher);

export const ZBlockTeacherRequest = z.object({ username: ZShareRecipient });
