import type { PageLanguage } from '../../platform/page-language.ts';
import { AppError } from '@kolikko/core/errors';
import { REASONS_PER_GROUP_MAX } from '@kolikko/core/limits';
import type { TAwardReason, TCreateReasonRequest, TUpdateReasonRequest } from '@kolikko/core/schemas/reasons';
import type { AwardReasonIcon } from '@kolikko/core/enumerations';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ownedGroup, taughtGroup } from '../groups/group-access.ts';
import { seedDefaultReasons} from './default-reasons.ts';
import * as repo from './reasons.repo.ts';

export type ReasonsService = ReturnType<typeof createReasonsService>;

function present(r: repo.ReasonRow): TAwardReason {
  return { id: r.id, group_id: r.groupId, name: r.name, icon: r.icon as AwardReasonIcon, coins: r.coins, position: r.position };
}

/** The reason, if it is of one of the teacher's own groups; another teacher's is answered as not found. */
export async function ownedReason(db: DbOrTx, teacherId: string, reasonId: string): Promise<repo.ReasonRow> {
  const reason = await repo.findReason(db, reasonId);
  if (!reason) throw new AppError('AWARD.REASON_NOT_FOUND');
  try {
    await ownedGroup(db, teacherId, reason.groupId);
  } catch (err) {
    // A co-teacher uses the group's reasons but does not change them.
    if (err instanceof AppError && err.code === 'COTEACHING.OWNER_ONLY') throw err;
    throw new AppError('AWARD.REASON_NOT_FOUND');
  }
  return reason;
}

export function createReasonsService({ db }: { db: Db }) {
  async function ensureSeeded(groupId: string, language: PageLanguage): Promise<void> {
    await db.transaction((tx) => seedDefaultReasons(tx, groupId, language));
  }

  /** A "needs work" reason (negative coins) only where the group allows them. */
  async function assertCoinsAllowed(groupId: string, coins: number | undefined): Promise<void> {
    if (coins !== undefined && coins < 0 && !(await repo.findNeedsWorkEnabled(db, groupId))) {
      throw new AppError('VALIDATION.INVALID_INPUT', { field: 'coins', message: 'The group does not allow "needs work" reasons' });
    }
  }

  return {
    async list(teacherId: string, groupId: string, language: PageLanguage): Promise<TAwardReason[]> {
      const { group } = await taughtGroup(db, teacherId, groupId);
      if (!group.reasonsSeeded) await ensureSeeded(groupId, language);
      return (await repo.listReasons(db, groupId)).map(present);
    },

    /** A new reason at the end of the group's list. */
    async create(teacherId: string, groupId: string, input: TCreateReasonRequest, language: PageLanguage): Promise<TAwardReason> {
      const { group } = await ownedGroup(db, teacherId, groupId);
      await assertCoinsAllowed(groupId, input.coins);
      if (!group.reasonsSeeded) await ensureSeeded(groupId, language);
      const created = await db.transaction(async (tx) => {
        const count = await repo.lockGroupReasons(tx, groupId);
        if (count >= REASONS_PER_GROUP_MAX) {
          throw new AppError('VALIDATION.INVALID_INPUT', { field: 'reasons', message: `A group holds at most ${REASONS_PER_GROUP_MAX} reasons` });
        }
        const [row] = await repo.insertReasons(tx, [{ groupId, name: input.name, icon: input.icon, coins: input.coins, position: count + 1 }]);
        return row;
      });
      if (!created) throw new Error('insert reason returned nothing');
      return present(created);
    },

    /** Renames, re-icons, re-prices or moves a reason (the others shift to keep positions contiguous). */
    async update(teacherId: string, reasonId: string, input: TUpdateReasonRequest): Promise<TAwardReason> {
      const reason = await ownedReason(db, teacherId, reasonId);
      await assertCoinsAllowed(reason.groupId, input.coins);
      const updated = await db.transaction(async (tx) => {
        const count = await repo.lockGroupReasons(tx, reason.groupId);
        const current = await repo.findReason(tx, reasonId);
        if (!current) throw new AppError('AWARD.REASON_NOT_FOUND');
        const { position: wanted, ...fields } = input;
        let position = current.position;
        if (wanted !== undefined) {
          position = Math.min(wanted, count);
          if (position < current.position) await repo.shiftPositions(tx, reason.groupId, position, current.position - 1, 1);
          if (position > current.position) await repo.shiftPositions(tx, reason.groupId, current.position + 1, position, -1);
        }
        return repo.updateReason(tx, reasonId, { ...fields, position });
      });
      if (!updated) throw new AppError('AWARD.REASON_NOT_FOUND');
      return present(updated);
    },

    /** Removes a reason; awards made with it keep its name in history (they hold a copy). */
    async remove(teacherId: string, reasonId: string): Promise<void> {
      const reason = await ownedReason(db, teacherId, reasonId);
      await db.transaction(async (tx) => {
        await repo.lockGroupReasons(tx, reason.groupId);
        const current = await repo.findReason(tx, reasonId);
        if (!current) return;
        await repo.deleteReason(tx, reasonId);
        await repo.closeGapAfter(tx, reason.groupId, current.position);
      });
    },
  };
}
