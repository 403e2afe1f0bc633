import type { AwardReasonIcon } from '@kolikko/core/enumerations';
import type { Tx } from '../../db/client.ts';
import type { PageLanguage } from '../../platform/page-language.ts';
import * as repo from './reasons.repo.ts';

/** Six positive reasons a new group starts with (issue 32), a coin each; the teacher changes them at will. */
export const DEFAULT_REASONS: Record<PageLanguage, readonly { name: string; icon: AwardReasonIcon; coins: number }[]> = {
  en: [
    { name: 'Helping others', icon: 'helping', coins: 1 },
    { name: 'Teamwork', icon: 'teamwork', coins: 1 },
    { name: 'Working hard', icon: 'hard-work', coins: 1 },
    { name: 'Participating', icon: 'participating', coins: 1 },
    { name: 'Kindness', icon: 'kindness', coins: 1 },
    { name: 'Persistence', icon: 'persistence', coins: 1 },
  ],
  fi: [
    { name: 'Toisten auttaminen', icon: 'helping', coins: 1 },
    { name: 'Yhteistyö', icon: 'teamwork', coins: 1 },
    { name: 'Ahkeruus', icon: 'hard-work', coins: 1 },
    { name: 'Osallistuminen', icon: 'participating', coins: 1 },
    { name: 'Ystävällisyys', icon: 'kindness', coins: 1 },
    { name: 'Sinnikkyys', icon: 'persistence', coins: 1 },
  ],
  sv: [
    { name: 'Hjälpa andra', icon: 'helping', coins: 1 },
    { name: 'Samarbete', icon: 'teamwork', coins: 1 },
    { name: 'Flit', icon: 'hard-work', coins: 1 },
    { name: 'Aktivt deltagande', icon: 'participating', coins: 1 },
    { name: 'Vänlighet', icon: 'kindness', coins: 1 },
    { name: 'Uthållighet', icon: 'persistence', coins: 1 },
  ],
};

/**
 * Gives a group its default reasons in `language`, once: at its creation, or for a group made
 * before reasons existed, when its reasons are first read or changed.
 */
export async function seedDefaultReasons(tx: Tx, groupId: string, language: PageLanguage): Promise<void> {
  if (!(await repo.claimReasonSeeding(tx, groupId))) return;
  const count = await repo.lockGroupReasons(tx, groupId);
  await repo.insertReasons(
    tx,
    DEFAULT_REASONS[language].map((r, i) => ({ groupId, ...r, position: count + i + 1 })),
  );
}

