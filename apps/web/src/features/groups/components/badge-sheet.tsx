import { useTranslation } from '../../../lib/i18n.ts';
import type { TMember } from '@kolikko/core/schemas/groups';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { useQrCodes } from '../hooks/use-qr-code.ts';
import { PrintSheet } from './print-sheet.tsx';
import classes from './badge-sheet.module.css';

/** Cards on one A4 page: 2 columns of 5 (see the CSS). */
const CARDS_PER_PAGE = 10;

/** One student's badge: who, and the link its QR code holds (its secret after the `#`). */
export interface BadgeCard {
  memberId: string;
  username: string;
  url: string;
  face: string | null;
  hair: string | null;
  skin_tone: string | undefined;
}

/** The cards of badges just issued, with each student's face as the member list holds it. */
export function badgeCards(badges: { member_id: string; username: string; url: string }[], members: TMember[] | undefined): BadgeCard[] {
  const byId = new Map((members ?? []).map((member) => [member.id, member]));
  return badges.map((badge) => {
    const member = byId.get(badge.member_id);
    return { memberId: badge.member_id, username: badge.username, url: badge.url, face: member?.face ?? null, hair: member?.hair ?? null, skin_tone: member?.skin_tone };
  });
}

export interface BadgeSheetProps {
  groupName: string;
  cards: BadgeCard[];
  /** See PrintSheetProps. */
  printRequest: number;
}

/** A long nickname is set smaller, so that it fits on one line beside the QR code. */
function nameLength(username: string): 'short' | 'medium' | 'long' {
  if (username.length <= 8) return 'short';
  return username.length <= 12 ? 'medium' : 'long';
}

function pagesOf<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

/**
 * Issue 31: the printed badges, a card per student with its face, nickname, group and the QR code
 * a child shows to the camera on the login page. Printed as soon as every QR code is drawn.
 */
export function BadgeSheet({ groupName, cards, printRequest }: BadgeSheetProps) {
  const { t } = useTranslation();
  const qr = useQrCodes(cards.map((card) => card.url));
  return (
    <PrintSheet printRequest={printRequest} ready={qr.isReady} testId="badge-sheet">
      {pagesOf(cards, CARDS_PER_PAGE).map((page, pageIndex) => (
        <div key={pageIndex} className={classes.page}>
          {page.map((card, index) => {
            const image = qr.images[pageIndex * CARDS_PER_PAGE + index];
            return (
              <div key={card.memberId} className={classes.card} data-testid="badge-card">
                {image ? <img src={image} alt={t('groups.badges.qrAlt', { username: card.username })} className={classes.qr} data-testid="badge-qr" /> : null}
                <div className={classes.info}>
                  <MemberAvatar face={card.face} hair={card.hair} skinTone={card.skin_tone} username={card.username} size={72} />
                  <div className={classes.name} data-length={nameLength(card.username)}>
                    {card.username}
                  </div>
                  <div className={classes.group}>{groupName}</div>
                  <div className={classes.hint}>{t('groups.badges.cardHint')}</div>
                </div>
              </div>
            );
          })}
        </div>
      ))}
    </PrintSheet>
  );
}
