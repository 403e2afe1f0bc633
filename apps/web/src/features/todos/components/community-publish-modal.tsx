import { lazy, Suspense, useId, useState, type SubmitEvent } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, NumberInput, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { TODOLIST_CATEGORIES, TODOLIST_LANGUAGES, TODOLIST_TARGETS, type TodolistLanguage, type TodolistTarget } from '@kolikko/core/enumerations';
import { COMMUNITY_DEFAULT_LANGUAGE, COMMUNITY_DEFAULT_PRICE, COMMUNITY_PRICE_MAX, COMMUNITY_TITLE_MAX_LENGTH, MODAL_WIDTH_COMMUNITY_PX } from '@kolikko/core/limits';
import type { TCommunityItem, TUpdateCommunityRequest } from '@kolikko/core/schemas/community';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { CoinIcon, IconAlertTriangle } from '../../../components/icons.tsx';
import { showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { categoryLabelKey, categoryOf, storedCategory } from '../../../lib/todolist-labels.ts';
import { useSaveCommunityList } from '../api/publish-community-list.ts';
import type { EditorChange } from './quill-editor.tsx';

const QuillEditor = lazy(() => import('./quill-editor.tsx').then((module) => ({ default: module.QuillEditor })));

function isTarget(value: string): value is TodolistTarget {
  return TODOLIST_TARGETS.some((target) => target === value);
}

function isLanguage(value: string | null): value is TodolistLanguage {
  return TODOLIST_LANGUAGES.some((language) => language === value);
}

interface FormValues {
  title: string;
  html: string;
  delta: Record<string, unknown> | null;
  price: number;
  /** Upper case, as the enumeration spells them (the server lowercases). */
  categories: string[];
  targets: string[];
  language: TodolistLanguage;
}

function valuesOf(list: TTodolist | null, item: TCommunityItem | null): FormValues {
  if (item) {
    return {
      title: item.title,
      html: item.description,
      delta: deltaOf(item.description_delta),
      price: item.price,
      categories: item.category.flatMap((stored) => categoryOf(stored) ?? []),
      targets: item.target,
      language: item.language,
    };
  }
  // Spec section 9's defaults (FI, free); the list's own name, category and target to start from.
  const category = list?.category ? categoryOf(list.category) : undefined;
  return {
    title: list?.name ?? '',
    html: '',
    delta: null,
    price: COMMUNITY_DEFAULT_PRICE,
    categories: category ? [category] : [],
    targets: list?.target ? [list.target] : [],
    language: isLanguage(COMMUNITY_DEFAULT_LANGUAGE) ? COMMUNITY_DEFAULT_LANGUAGE : 'FI',
  };
}

/** The stored Quill delta of a description, when it is one. */
function deltaOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : null;
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

export interface CommunityPublishModalProps {
  opened: boolean;
  onClose: () => void;
  teacherId: string;
  todolistId: string;
  /** The list to publish (its name, category and target prefill the form). */
  list: TTodolist | null;
  /** The published item to edit; null publishes the list. */
  item: TCommunityItem | null;
  stackId?: string;
}

/**
 * Spec sections 5 and 9: the community form, 600 px wide. Every field filled (FORM_FIELD_EMPTY),
 * the title at most 100 characters (TITLE_TOO_LONG), checked here as the server does; an edit
 * sends only what changed.
 */
export function CommunityPublishModal({ opened, onClose, teacherId, todolistId, list, item, stackId }: CommunityPublishModalProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      stackId={stackId}
      size={MODAL_WIDTH_COMMUNITY_PX}
      fullScreen={fullScreen}
      title={item ? t('community.form.titleEdit') : t('community.form.titleNew')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnClickOutside={false}
      data-testid="community-publish-dialog"
    >
      {opened ? <CommunityPublishForm teacherId={teacherId} todolistId={todolistId} list={list} item={item} onDone={onClose} /> : null}
    </Modal>
  );
}

function CommunityPublishForm({ teacherId, todolistId, list, item, onDone }: { teacherId: string; todolistId: string; list: TTodolist | null; item: TCommunityItem | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCommunityList(teacherId);
  const [initial] = useState(() => valuesOf(list, item));
  const [values, setValues] = useState(initial);
  const [descriptionEmpty, setDescriptionEmpty] = useState(item === null);
  const [openingHtml, setOpeningHtml] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const formErrorId = useId();

  const categoryOptions = TODOLIST_CATEGORIES.map((value) => ({ value, label: t(categoryLabelKey(value)) }));
  const targetOptions = TODOLIST_TARGETS.map((value) => ({ value, label: t(`todolists.targets.${value}`) }));
  const languageOptions = TODOLIST_LANGUAGES.map((value) => ({ value, label: t(`todolists.languages.${value}`) }));

  function change(patch: Partial<FormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setFormError(null);
  }

  function handleEditor(next: EditorChange) {
    change({ html: next.text.html, delta: next.text.delta });
    setDescriptionEmpty(next.isEmpty);
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const title = values.title.trim();
    if (title.length > COMMUNITY_TITLE_MAX_LENGTH) {
      setTitleError(errorMessageKey('COMMUNITY.TITLE_TOO_LONG'));
      return;
    }
    if (title === '' || descriptionEmpty || values.categories.length === 0 || values.targets.length === 0) {
      setFormError(errorMessageKey('COMMUNITY.FORM_FIELD_EMPTY'));
      return;
    }
    const categories = values.categories.flatMap((value) => {
      const category = TODOLIST_CATEGORIES.find((known) => known === value);
      const stored = category ? storedCategory(category) : undefined;
      return stored ? [stored] : [];
    });
    const targets = values.targets.filter(isTarget);
    const description = { content_html: values.html, content_delta: values.delta ?? { ops: [] } };
    const onError = (error: unknown) => {
      const code = errorCodeOf(error);
      if (code === 'COMMUNITY.TITLE_TOO_LONG') setTitleError(errorMessageKey(code));
      else setFormError(errorMessageKey(code));
    };
    if (!item) {
      save.mutate(
        { kind: 'publish', todolistId, body: { title, description, price: values.price, categories, targets, language: values.language } },
        {
          onSuccess: () => {
            showSuccess('success.SHARED_TO_COMMUNITY');
            onDone();
          },
          onError,
        },
      );
      return;
    }
    const updates: TUpdateCommunityRequest['updates'] = {};
    if (title !== initial.title) updates.title = title;
    if (openingHtml !== null && values.html !== openingHtml) updates.description = description;
    if (values.price !== initial.price) updates.price = values.price;
    if (!sameSet(values.categories, initial.categories)) updates.categories = categories;
    if (!sameSet(values.targets, initial.targets)) updates.targets = targets;
    if (values.language !== initial.language) updates.language = values.language;
    if (Object.keys(updates).length === 0) {
      onDone();
      return;
    }
    save.mutate(
      { kind: 'update', todolistId, body: { updates } },
      {
        onSuccess: () => {
          showSuccess('community.form.saved');
          onDone();
        },
        onError,
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('community.form.label')} aria-describedby={formError ? formErrorId : undefined}>
      <Stack gap="md">
        <TextInput
          label={t('community.form.title')}
          description={t('community.form.titleHint', { max: COMMUNITY_TITLE_MAX_LENGTH })}
          value={values.title}
          onChange={(event) => {
            change({ title: event.currentTarget.value });
            setTitleError(null);
          }}
          error={titleError ? t(titleError) : undefined}
          required
          autoComplete="off"
          data-autofocus
        />
        <Stack gap={6}>
          <Text fw={600} size="sm" aria-hidden="true">
            {t('community.form.description')}
          </Text>
          <Suspense fallback={<Skeleton height={200} radius="md" aria-label={t('community.form.loadingEditor')} />}>
            <QuillEditor
              initialDelta={initial.delta}
              initialHtml={initial.html}
              onChange={handleEditor}
              onReady={(ready) => {
                setOpeningHtml(ready.text.html);
                setDescriptionEmpty(ready.isEmpty);
              }}
              ariaLabel={t('community.form.description')}
              placeholder={t('community.form.descriptionPlaceholder')}
            />
          </Suspense>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label={t('community.form.price')}
            description={t('community.form.priceHint')}
            value={values.price}
            onChange={(value) => change({ price: typeof value === 'number' ? value : 0 })}
            min={0}
            max={COMMUNITY_PRICE_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            leftSection={<CoinIcon size={18} aria-hidden="true" />}
          />
          <Select
            label={t('community.form.language')}
            data={languageOptions}
            value={values.language}
            onChange={(value) => {
              if (isLanguage(value)) change({ language: value });
            }}
            allowDeselect={false}
            required
          />
        </SimpleGrid>
        <MultiSelect
          label={t('community.form.categories')}
          placeholder={values.categories.length === 0 ? t('community.form.pick') : undefined}
          data={categoryOptions}
          value={values.categories}
          onChange={(categories) => change({ categories })}
          searchable
          nothingFoundMessage={t('community.form.noMatch')}
          required
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label={t('community.form.targets')}
          placeholder={values.targets.length === 0 ? t('community.form.pick') : undefined}
          data={targetOptions}
          value={values.targets}
          onChange={(targets) => change({ targets })}
          searchable
          nothingFoundMessage={t('community.form.noMatch')}
          required
          comboboxProps={{ withinPortal: true }}
        />
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" id={formErrorId} data-testid="community-form-error">
            {t(formError)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {item ? t('community.form.save') : t('community.form.publish')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

