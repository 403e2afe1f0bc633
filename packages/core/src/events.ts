import { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import type { TChatMessage } from './schemas/chat.ts';
import type { TMember } from './schemas/groups.ts';
import type { TTeams, TTimerState } from './schemas/toolkit.ts';

/**
 * The Socket.IO protocol (spec section 7, Live events): the events the server sends, the three a
 * client may send, and the rooms (DESIGN.md section 5). Every change is sent by the server after
 * it is committed; a client never relays anything, and any event a client sends other than the
 * three below is ignored.
 */

/** Room names. A socket joins its own at the handshake; it may join no others. */
export const rooms = {
  teacher: (teacherId: string) => `teacher:${teacherId}`,
  member: (memberId: string) => `member:${memberId}`,
  groupTeachers: (groupId: string) => `group:${groupId}:teachers`,
  groupMembers: (groupId: string) => `group:${groupId}:members`,
};

// --- what a client sends ---

export const ZTeacherJoinRoom = z.object({ group_id: z.uuid(), username: z.string().max(100).optional() });
export type TTeacherJoinRoom = z.infer<typeof ZTeacherJoinRoom>;
export const ZMemberJoinRoom = z.object({ group_id: z.uuid(), member_id: z.uuid() });
export type TMemberJoinRoom = z.infer<typeof ZMemberJoinRoom>;

/** The answer to a join or leave, when the client passes an acknowledgement callback. */
export type RoomAck = { ok: true; rooms: string[] } | { ok: false; errorCode: ErrorCode };

export interface ClientToServerEvents {
  /** A teacher (re)joins the teachers room of one of its own groups. */
  'teacher-join-room': (payload: TTeacherJoinRoom, ack?: (answer: RoomAck) => void) => void;
  /** A member (re)joins its own member room and its group's members room. */
  'member-join-room': (payload: TMemberJoinRoom, ack?: (answer: RoomAck) => void) => void;
  /** Leaves a room the socket is in; the server answers `room_left`. */
  'leave-room': (room: string, ack?: (answer: RoomAck) => void) => void;
}

// --- what the server sends ---

/** What changed in a member's settings. */
export type MemberSettingChange = 'username' | 'small_group' | 'password' | 'character';

export type MemberSettingPayload = TMember & { change: MemberSettingChange };

export interface TeacherGaveCoinsPayload {
  member_id: string;
  /** The member's new total. */
  coins: number;
  /**
   * Ours (issue 14): the coins the teacher's award moved, negative when it took coins back; only on
   * an award (the student is told), not when an owed todo reward is paid.
   */
  amount?: number;
  /** Ours (issue 32): the award, for its undo (the teacher's screens offer it for a minute). */
  award_id?: string;
  /** Ours (issue 32): the award reason the award was made with (the student's message names it). */
  reason?: { name: string; icon: string };
  /** Ours (issue 32): the teacher undid the award; `amount` is what came back (negative: left the student). */
  undone?: boolean;
}

export interface MemberRemovedPayload {
  member_id: string;
  group_id: string;
  /** The teacher's purse after the member's coins came back (teachers room only). */
  teacher_coins?: number;
}

export interface PurchasedRewardPayload {
  member_id: string;
  /** Issue 33: the buyer's nickname and group, for the teacher's notice and hand-out queue. */
  username: string;
  group_id: string;
  purchase_id: string;
  reward_id: string;
  name: string;
  price: number;
  active_until: string;
  member_coins: number;
}

/** Issue 33: the teacher marked a purchase given or gave it back: to the student and the group's teachers. */
export interface RewardPurchaseSettledPayload {
  purchase_id: string;
  member_id: string;
  group_id: string;
  reward_name: string;
  state: 'given' | 'returned';
  /** The coins that came back to the student (0 when given). */
  refunded: number;
  /** The student's coins afterwards. */
  member_coins: number;
}

export interface CoinsTransferPayload {
  sender_id: string;
  sender_username: string;
  recipient: string;
  amount: number;
  /** The recipient's coins afterwards. */
  recipient_coins: number;
  /** The sender's coins afterwards (teachers room only). */
  sender_coins?: number;
}

export interface MemberUpdatedTodoPayload {
  member_id: string;
  mtodo_id: string;
  member_coins: number;
}

export interface TeacherUpdatedMemberTodoPayload {
  mtodo_id: string;
  member_coins: number;
  /**
   * Ours (issue 14), when the teacher's change marked the todo done (`approved`) or not done
   * (`reopened`): the student is told, with the todo's title (the first line of its text) and the
   * coins that moved (negative when a reward was taken back; 0 when the purse owes it).
   */
  outcome?: 'approved' | 'reopened';
  title?: string;
  coins_change?: number;
}

/** Ours (issue 14): a group's settings changed (trading allowed or not): to the group's members. */
export interface GroupSettingsPayload {
  group_id: string;
  trading_allowed: boolean;
}

export interface TeacherSentBackTodoPayload {
  mtodo_id: string;
  /** The teacher's comment (may be empty). */
  comment: string;
}

export interface TeacherUpdatedTodoPayload {
  todolist_id: string;
  /** The todo that changed; null when the list's order or its set of todos changed. */
  todo_id: string | null;
}

export interface SharedTodolistTodosPayload {
  group_id: string;
  todolist_id: string;
}

export interface SharedTodolistPayload {
  group_id: string;
  /** The small group whose list changed; null when both were cleared. */
  color: 'blue' | 'orange' | null;
  todolist_id: string | null;
}

export interface SharedTodolistPermissionsPayload {
  todolist_id: string;
  permissions: 'read' | 'edit' | null;
}

/**
 * Ours: a list shared between teachers (not shown to a small group): `group_id` and `color` are
 * null, which tells it apart from SharedTodolistPayload. To the recipient's own teacher room, and
 * to the owner's when a recipient removed the list from its own view.
 */
export interface TeacherShareTodolistPayload {
  group_id: null;
  color: null;
  todolist_id: string;
  /** The recipient's permission now; null once it no longer has the list. */
  permissions: 'read' | 'edit' | null;
  /** The owner's username. */
  shared_by_username: string;
  /** The recipient's username. */
  username: string;
}

/** Ours: a reward list shared with a teacher, or no longer: to the recipient's and the owner's teacher rooms. */
export interface TeacherShareRewardListPayload {
  rewardlist_id: string;
  /** The recipient's username. */
  username: string;
  shared: boolean;
}

export interface RewardsChangedPayload {
  group_id: string;
}

export interface ChatDeletedPayload {
  id: string;
  group_id: string;
  member_id: string | null;
}

/** Ours (issue 33): the teacher read what students wrote in a conversation (member_id null: the group chat). */
export interface TeacherReadChatPayload {
  group_id: string;
  member_id: string | null;
  count: number;
}

export interface OnlineMemberCountPayload {
  group_id: string;
  /** How many distinct members of the group have a connected socket. */
  count: number;
  member_ids: string[];
}

export interface TeacherPurseUpdatedPayload {
  /** The teacher's purse now. */
  coins: number;
  /** Completions whose rewards still wait for coins, and how many coins they wait for. */
  owed_rewards: number;
  owed_coins: number;
  /** Coins just bought by card, when a purchase caused it. */
  purchased_coins?: number;
}

/** Issue 32's lesson toolkit, to the group's teacher sockets (the board and the teacher's phone). */
export interface ToolkitPickedPayload {
  group_id: string;
  member_id: string;
  picked_today: string[];
}
export interface ToolkitTeamsPayload {
  group_id: string;
  teams: TTeams;
}
export interface ToolkitTimerPayload {
  group_id: string;
  timer: TTimerState;
}

/** Issue 34: a co-teaching began or ended; `teacher_id` is the co-teacher's. */
export interface CoteachingChangedPayload {
  group_id: string;
  teacher_id: string;
  change: 'started' | 'ended';
}

export interface ServerToClientEvents {
  /** Issue 32: the random picker chose a student. */
  'toolkit-picked': (payload: ToolkitPickedPayload) => void;
  /** Issue 32: new teams were made. */
  'toolkit-teams': (payload: ToolkitTeamsPayload) => void;
  /** Issue 32: the lesson timer was started, paused or reset. */
  'toolkit-timer': (payload: ToolkitTimerPayload) => void;
  /** A teacher's award (single or batch), once per member: to the member and the group's teachers. */
  'teacher-gave-coins': (payload: TeacherGaveCoinsPayload) => void;
  /** A student signed up to the group: to the group's teachers. */
  'member-created': (member: TMember) => void;
  /** The teacher deleted a member (or its group): to the member (then disconnected) and the group's teachers. */
  'teacher-delete-member': (payload: MemberRemovedPayload) => void;
  /** A student deleted itself: to the group's teachers. */
  'member-delete-self': (payload: MemberRemovedPayload) => void;
  /** The teacher changed a student's username, small group, password or character: to the student. */
  'teacher-updated-member-setting': (member: MemberSettingPayload) => void;
  /** A student changed its username or character (or unlocked a part): to the group's teachers. */
  'member-settings-update': (member: MemberSettingPayload) => void;
  /** A student bought a reward: to the group's teachers. */
  'member-purchased-reward': (payload: PurchasedRewardPayload) => void;
  /** Issue 33: a purchase was marked given or given back: to the student and the group's teachers. */
  'reward-purchase-settled': (payload: RewardPurchaseSettledPayload) => void;
  /** Coins between classmates: to the recipient and the group's teachers (with sender_coins). */
  'member-coins-transfer': (payload: CoinsTransferPayload) => void;
  /** A student changed its member todo: to the group's teachers. */
  'member-updated-todo': (payload: MemberUpdatedTodoPayload) => void;
  /** The teacher changed a student's member todo: to the student. */
  'teacher-updated-member-todo': (payload: TeacherUpdatedMemberTodoPayload) => void;
  /** Ours (not in the spec): the teacher sent a free answer back with a comment: to the student. */
  'teacher-sent-back-todo': (payload: TeacherSentBackTodoPayload) => void;
  /** A todo of a list changed: to every teacher who owns the list or has it shared. */
  'teacher-updated-todo': (payload: TeacherUpdatedTodoPayload) => void;
  /** The todos of a list shown to a group changed: to the group's members and teachers. */
  'teacher-updated-shared-todolist-todos': (payload: SharedTodolistTodosPayload) => void;
  /**
   * A list was shown to a small group: to the group's members and teachers. Or (group_id null) a
   * teacher shared a list with another teacher: to the recipient's teacher room.
   */
  'teacher-shared-todolist': (payload: SharedTodolistPayload | TeacherShareTodolistPayload) => void;
  /**
   * A small group's list was withdrawn: to the group's members and teachers. Or (group_id null) a
   * teacher no longer has a list shared with it: to its teacher room and the owner's.
   */
  'teacher-unshared-todolist': (payload: SharedTodolistPayload | TeacherShareTodolistPayload) => void;
  /** Ours: a reward list was shared with a teacher or no longer is: to the recipient and the owner. */
  'teacher-shared-rewardlist': (payload: TeacherShareRewardListPayload) => void;
  /**
   * Ours (spec section 7 has none): what a group's shop offers changed: another list published or
   * none, a reward of the published list added, removed, edited or deleted. To the group's members.
   */
  'teacher-updated-rewards': (payload: RewardsChangedPayload) => void;
  /** The owner changed a recipient's permission on a list: to the recipient's teacher room. */
  'teacher-updated-shared-todolist-permissions': (payload: SharedTodolistPermissionsPayload) => void;
  /** The teacher wrote: group chat to the group's members and teachers, private chat to the member and the group's teachers. */
  'teacher-sent-a-chat': (message: TChatMessage) => void;
  /** A student wrote: the same rooms as teacher-sent-a-chat. */
  'member-sent-a-chat': (message: TChatMessage) => void;
  /** Ours (not in the spec): a message was deleted; the same rooms as its conversation. */
  'chat-message-deleted': (payload: ChatDeletedPayload) => void;
  /** Ours (issue 33): the teacher opened a conversation and read what was new: to the group's teachers (the teacher's other tabs, the dashboard's unread count). */
  'teacher-read-chat': (payload: TeacherReadChatPayload) => void;
  /**
   * Ours (not in the spec): the teacher's purse or its owed rewards changed without a request of
   * the teacher's own (coins bought by card credited by the provider's webhook; owed rewards made or
   * paid). To the teacher's own room, so every screen it has open updates its header.
   */
  'teacher-purse-updated': (payload: TeacherPurseUpdatedPayload) => void;
  /** Ours (issue 14): the teacher allowed or forbade trading: to the group's members. */
  'teacher-updated-group-settings': (payload: GroupSettingsPayload) => void;
  /**
   * Ours (issue 34): a teacher's co-teaching changed: it accepted an invitation (`started`), or the
   * owner removed it or its last day passed (`ended`: its screens leave the group). To the
   * co-teacher's own room, and to the owner's, whose list of co-teachers changes.
   */
  'coteaching-changed': (payload: CoteachingChangedPayload) => void;
  /** How many of a group's members are connected: to the group's teachers. */
  'online-member-count-update': (payload: OnlineMemberCountPayload) => void;
  /**
   * Ours (issue 35): events between server processes were interrupted (Redis went away) and flow
   * again. To every socket, after the late events: the client refetches what it shows, as after a
   * reconnect, so no screen keeps coins an event it missed would have changed.
   */
  'live-resync': () => void;
  /** The answer to leave-room: the room left. */
  room_left: (room: string) => void;
}
