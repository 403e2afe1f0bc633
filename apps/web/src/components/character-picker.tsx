import { useId, useRef, useState } from 'react';
import { Badge, Button, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, VisuallyHidden } from '@mantine/core';
import type { CharacterType } from '@kolikko/core/enumerations';
import { CHARACTER_PRICES } from '@kolikko/core/limits';
import { ownsCharacterPart } from '@kolikko/core/rules/characters';
import type { TCharacterImage } from '@kolikko/core/schemas/characters';
import { showErrorCode, showSuccess } from '../lib/banner.ts';
import { coinsValue } from '../lib/banner-text.ts';
import { withPart, partName, type CharacterLook } from '../lib/character-images.ts';
import { errorCodeOf } from '../lib/error-message.ts';
import { hyphenateFinnish } from '../lib/hyphenate.ts';
import { currentLanguage, useTranslation } from '../lib/i18n.ts';
import { useCharacterImages, type CharacterPartKind } from '../lib/queries/character-images.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { CoinIcon, IconLock } from './icons.tsx';
import { CharacterPicture } from './member-avatar.tsx';
import { QueryError } from './query-error.tsx';
import { SkinTonePicker, skinToneLabel } from './skin-tone-picker.tsx';
import classes from './character-picker.module.css';

const TABS: readonly { kind: CharacterPartKind; type: CharacterType }[] = [
  { kind: 'faces', type: 'face' },
  { kind: 'hairs', type: 'hair' },
];

/**
 * Who is choosing, and so what a part that is not owned offers:
 * - `buy`: a student, who buys it with coins (spec section 9: face 3, hair 1) and wears it at once;
 * - `free`: a teacher for themself, who wears any part without paying;
 * - `ownedOnly`: a teacher choosing for a student, who can only put on what the student owns.
 */
export type CharacterPickerMode = 'buy' | 'free' | 'ownedOnly';

export interface CharacterPart {
  type: CharacterType;
  path: string;
}

interface CharacterPickerProps {
  mode: CharacterPickerMode;
  /** The parts worn now. */
  look: CharacterLook;
  /** The user's name: the backdrop colour, and whose picture it is. */
  username: string;
  /** The parts unlocked (students); ignored in `free` mode. */
  unlocked?: { face: readonly string[]; hair: readonly string[] };
  /** The buyer's coins (`buy` mode). */
  coins?: number;
  /** Puts a part on; resolves when the server agreed. */
  wear: (part: CharacterPart) => Promise<unknown>;
  /** Buys a part and puts it on (`buy` mode, one call: issue 14); resolves when the server agreed. */
  unlock?: (part: CharacterPart) => Promise<unknown>;
  /** Sets the skin tone (free in every mode: issue 33); resolves when the server agreed. */
  setTone: (tone: string) => Promise<unknown>;
}

type PartState = 'worn' | 'owned' | 'locked';

function wearButtonId(baseId: string, part: CharacterPart): string {
  return `${baseId}-wear-${part.type}-${part.path.replace(/\W/g, '-')}`;
}

interface PartTileProps {
  part: TCharacterImage;
  type: CharacterType;
  state: PartState;
  mode: CharacterPickerMode;
  look: CharacterLook;
  seed: string;
  coins: number;
  pending: boolean;
  disabled: boolean;
  wearId: string;
  onWear: () => void;
  onBuy: () => void;
  onTry: (trying: boolean) => void;
}

function PartTile({ part, type, state, mode, look, seed, coins, pending, disabled, wearId, onWear, onBuy, onTry }: PartTileProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const hintId = useId();
  const name = partName(part.name, currentLanguage());
  const free = mode === 'free' || part.price === 0;
  const cannotAfford = mode === 'buy' && state === 'locked' && coins < part.price;

  function stateText() {
    if (state === 'worn') return null;
    if (state === 'owned') return free ? t('character.free') : t('character.owned');
    if (mode === 'ownedOnly') return t('character.lockedForStudent');
    return null;
  }

  return (
    <article
      className={classes.tile}
      data-state={state}
      aria-labelledby={nameId}
      data-testid={`part-${type}-${part.path}`}
      onMouseEnter={() => onTry(true)}
      onMouseLeave={() => onTry(false)}
      onFocus={() => onTry(true)}
      onBlur={() => onTry(false)}
    >
      <CharacterPicture look={withPart(look, type, part.path)} size={72} seed={seed} />
      <Text id={nameId} fw={700} fz={{ base: 'xs', xs: 'sm' }} ta="center" className={classes.name}>
        {currentLanguage() === 'fi' ? hyphenateFinnish(name) : name}
      </Text>
      {state === 'locked' ? (
        <Group gap={4} wrap="nowrap" justify="center" className={classes.price}>
          <IconLock size={14} />
          <CoinIcon size={16} />
          <Text span size="sm" fw={800}>
            {part.price}
          </Text>
          <VisuallyHidden>{t('common.coinsUnit', { count: part.price })}</VisuallyHidden>
        </Group>
      ) : null}
      {stateText() ? (
        <Text size="xs" c="dark.5" ta="center">
          {stateText()}
        </Text>
      ) : null}
      {state === 'worn' ? (
        <Badge color="teal" variant="light" c="teal.9" tt="none" size="sm" px={6} data-testid="part-worn">
          {t('character.wearing')}
        </Badge>
      ) : null}
      {state === 'owned' ? (
        <Button
          id={wearId}
          size="compact-sm"
          variant="light"
          fullWidth
          onClick={onWear}
          loading={pending}
          disabled={disabled}
          aria-label={t('character.wearPart', { name })}
        >
          {t('character.wear')}
        </Button>
      ) : null}
      {state === 'locked' && mode === 'buy' ? (
        <>
          <Button
            size="compact-sm"
            fullWidth
            onClick={onBuy}
            loading={pending}
            disabled={disabled || cannotAfford}
            aria-label={t('character.buyPart', { name })}
            aria-describedby={cannotAfford ? hintId : undefined}
          >
            {t('character.buy')}
          </Button>
          {cannotAfford ? (
            <Text id={hintId} size="xs" c="dark.5" ta="center">
              {t('character.needMore', { count: part.price - coins })}
            </Text>
          ) : null}
        </>
      ) : null}
    </article>
  );
}

/**
 * Spec section 2's profile picture: faces and hairs tabs, each part with its price and whether it
 * is owned, buy with a confirmation naming the price, wear, and a preview of the character that
 * also shows the part being looked at.
 */
export function CharacterPicker({ mode, look: saved, username, unlocked, coins = 0, wear, unlock, setTone }: CharacterPickerProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const [tab, setTab] = useState<CharacterPartKind>('faces');
  const [trying, setTrying] = useState<(CharacterPart & { name: string }) | null>(null);
  // The part stays in the dialog while it fades out; `buyOpen` says whether it is open.
  const [buying, setBuying] = useState<(CharacterPart & { name: TCharacterImage['name']; price: number }) | null>(null);
  const [buyOpen, setBuyOpen] = useState(false);
  const [pending, setPending] = useState<CharacterPart | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The tone chosen last while it is saved (shown at once), and the one pointed at.
  const [choosingTone, setChoosingTone] = useState<string | null>(null);
  const [tryingTone, setTryingTone] = useState<string | null>(null);
  const toneQueue = useRef<{ next: string | null; saving: boolean }>({ next: null, saving: false });
  const look = choosingTone ? { ...saved, tone: choosingTone } : saved;
  const tabRefs = useRef<Partial<Record<CharacterPartKind, HTMLButtonElement | null>>>({});
  const faces = useCharacterImages('faces');
  const hairs = useCharacterImages('hairs');
  const language = currentLanguage();

  const tried = tryingTone ? { ...look, tone: tryingTone } : look;
  const previewLook = trying ? withPart(tried, trying.type, trying.path) : buyOpen && buying ? withPart(tried, buying.type, buying.path) : tried;
  const nameOf = (type: CharacterType, path: string) => {
    const list = type === 'face' ? faces.data : hairs.data;
    const found = list?.find((part) => part.path === path);
    return found ? partName(found.name, language) : path;
  };

  function stateOf(type: CharacterType, path: string): PartState {
    if ((type === 'face' ? look.face : look.hair) === path) return 'worn';
    if (mode === 'free') return 'owned';
    return ownsCharacterPart(type, path, unlocked?.[type] ?? []) ? 'owned' : 'locked';
  }

  function handleWear(part: CharacterPart) {
    if (pending) return;
    setPending(part);
    wear(part).then(
      () => setAnnouncement(t('character.nowWearing', { name: nameOf(part.type, part.path) })),
      (error: unknown) => showErrorCode(errorCodeOf(error)),
    ).finally(() => setPending(null));
  }

  /** Saves the tone chosen last: a choice made while one is saved waits for it, so the last one wins. */
  function chooseTone(tone: string) {
    setChoosingTone(tone);
    // Chosen (by the keyboard too): the preview shows it, not a swatch the pointer rests on.
    setTryingTone(null);
    const queue = toneQueue.current;
    queue.next = tone;
    if (queue.saving) return;
    queue.saving = true;
    void (async () => {
      let done: string | null = null;
      while (queue.next) {
        const next = queue.next;
        queue.next = null;
        try {
          await setTone(next);
          done = next;
        } catch (error) {
          showErrorCode(errorCodeOf(error));
          done = null;
          queue.next = null;
        }
      }
      queue.saving = false;
      setChoosingTone(null);
      if (done) setAnnouncement(t('character.skinTone.chosen', { tone: skinToneLabel(t, done) }));
    })();
  }

  function handleBuy() {
    if (!buying || !buyOpen || !unlock || pending) return;
    const part = { type: buying.type, path: buying.path };
    const { name, price } = buying;
    setPending(part);
    unlock(part).then(
      () => {
        setBuyOpen(false);
        showSuccess('character.unlocked', { name: { localized: name }, coins: coinsValue(price) });
        // The part is worn now and its tile has no button left: the focus goes back to its tab.
        requestAnimationFrame(() => tabRefs.current[part.type === 'face' ? 'faces' : 'hairs']?.focus());
      },
      (error: unknown) => {
        setBuyOpen(false);
        showErrorCode(errorCodeOf(error));
      },
    ).finally(() => setPending(null));
  }

  function renderParts(kind: CharacterPartKind, type: CharacterType) {
    const query = kind === 'faces' ? faces : hairs;
    if (query.isPending) {
      return (
        <SimpleGrid cols={{ base: 3, xs: 4, lg: 5 }} spacing="sm" aria-busy="true" aria-label={t('common.loading')}>
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} height={150} radius="md" />
          ))}
        </SimpleGrid>
      );
    }
    if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} title={t('character.loadFailed')} />;
    return (
      <SimpleGrid cols={{ base: 3, xs: 4, lg: 5 }} spacing="sm" verticalSpacing="sm">
        {query.data.map((part) => {
          const ref = { type, path: part.path };
          return (
            <PartTile
              key={part.path}
              part={part}
              type={type}
              state={stateOf(type, part.path)}
              mode={mode}
              look={look}
              seed={username}
              coins={coins}
              pending={pending?.type === type && pending.path === part.path}
              disabled={pending !== null}
              wearId={wearButtonId(baseId, ref)}
              onWear={() => handleWear(ref)}
              onBuy={() => {
                setBuying({ ...ref, name: part.name, price: part.price });
                setBuyOpen(true);
              }}
              onTry={(on) =>
                setTrying((current) => {
                  if (on) return { ...ref, name: partName(part.name, language) };
                  return current?.type === type && current.path === part.path ? null : current;
                })
              }
            />
          );
        })}
      </SimpleGrid>
    );
  }

  return (
    <div className={classes.layout}>
      <div className={classes.preview} data-testid="character-preview">
        <CharacterPicture
          look={previewLook}
          size={144}
          seed={username}
          label={t('character.previewLabel', { username })}
          testId="character-preview-picture"
        />
        <Stack gap={2} align="center" ta="center">
          {/* The line keeps its place while empty: on phones the parts sit below, and a tap must not move them. */}
          <Text size="sm" fw={700} c="indigo.8" mih="1.55em" truncate maw="100%">
            {trying ? t('character.tryingOn', { name: trying.name }) : tryingTone ? t('character.tryingOn', { name: skinToneLabel(t, tryingTone) }) : null}
          </Text>
          <SkinTonePicker value={look.tone} onChange={chooseTone} onTry={setTryingTone} />
          <Text size="xs" c="dark.5">
            {t('character.currentLook', { face: nameOf('face', look.face), hair: nameOf('hair', look.hair) })}
          </Text>
          {mode === 'buy' ? (
            <Text size="xs" c="dark.5">
              {t('character.pricesHint', { face: CHARACTER_PRICES.face, hair: CHARACTER_PRICES.hair })}
            </Text>
          ) : null}
          {mode === 'free' ? (
            <Text size="xs" c="dark.5">
              {t('character.teacherHint')}
            </Text>
          ) : null}
          {mode === 'ownedOnly' ? (
            <Text size="xs" c="dark.5">
              {t('character.memberHint', { username })}
            </Text>
          ) : null}
        </Stack>
      </div>
      <Tabs
        value={tab}
        onChange={(next) => {
          if (next === 'faces' || next === 'hairs') setTab(next);
        }}
        className={classes.tabs}
      >
        <Tabs.List grow>
          {TABS.map(({ kind }) => (
            <Tabs.Tab
              key={kind}
              value={kind}
              fw={700}
              ref={(element) => {
                tabRefs.current[kind] = element;
              }}
            >
              {t(`character.tabs.${kind}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map(({ kind, type }) => (
          <Tabs.Panel key={kind} value={kind} pt="sm">
            {renderParts(kind, type)}
          </Tabs.Panel>
        ))}
      </Tabs>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <ConfirmModal
        opened={buyOpen}
        onClose={() => setBuyOpen(false)}
        onConfirm={handleBuy}
        loading={pending !== null}
        title={t('character.buyTitle', { name: buying ? partName(buying.name, language) : '' })}
      >
        <Group gap="md" wrap="nowrap" align="center">
          <CharacterPicture look={buying ? withPart(look, buying.type, buying.path) : look} size={96} seed={username} />
          <Stack gap={4}>
            <Text>{t('character.buyText', { count: buying?.price ?? 0 })}</Text>
            <Text size="sm" c="dark.5">
              {t('character.buyBalance', { coins: t('common.coinsAmount', { count: coins }) })}
            </Text>
          </Stack>
        </Group>
      </ConfirmModal>
    </div>
  );
}
