import { useState, type SubmitEvent } from 'react';
import { Alert, Badge, Button, Divider, Group, List, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { TODOLIST_CATEGORIES, TODOLIST_LANGUAGES, TODOLIST_TARGETS, type TodolistLanguage, type TodolistTarget } from '@kolikko/core/enumerations';
import { TODOLIST_NAME_MAX_LENGTH } from '@kolikko/core/limits';
import type { TSmallGroup } from '@kolikko/core/schemas/auth';
import type { TGroup } from '@kolikko/core/schemas/groups';
import type { TTodolist, TUpdateTodolistRequest } from '@kolikko/core/schemas/todos';
import { IconAlertTriangle } from '../../../components/icons.tsx';
import { ListSettingsModal } from '../../../components/list-settings-modal.tsx';
import { SmallGroupDot } from '../../../components/small-group-dot.tsx';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { categoryLabelKey, categoryOf, isTodolistCategory, storedCategory } from '../../../lib/todolist-labels.ts';
import { useCopyTodolist } from '../api/copy-todolist.ts';
import { useDeleteTodolist } from '../api/delete-todolist.ts';
import { useUpdateTodolist } from '../api/update-todolist.ts';
import { SharedListActions } from './shared-list-actions.tsx';
import { ShareWithTeachers } from './share-with-teachers.tsx';
import { CommunityShareSection } from './community-share-section.tsx';
import { useGroups } from '../../../lib/queries/get-groups.ts';
import { formSchemas } from '../../../lib/validate.ts';

const NAME_ERRORS = new Set(['TODOLIST.TODOLIST_NAME_MISSING', 'TODOLIST.TODOLIST_NAME_TOO_LONG']);

function isTarget(value: string | null): value is TodolistTarget {
  return TODOLIST_TARGETS.some((target) => target === value);
}

function isLanguage(value: string | null): value is TodolistLanguage {
  return TODOLIST_LANGUAGES.some((language) => language === value);
}

interface SettingsFormProps {
  teacherId: string;
  list: TTodolist;
  onClose: () => void;
}

/** Name, category, target audience and language; only what changed is sent (spec section 5). */
function SettingsForm({ teacherId, list, onClose }: SettingsFormProps) {
  const { t } = useTranslation();
  const update = useUpdateTodolist(teacherId);
  const [name, setName] = useState(list.name);
  const [category, setCategory] = useState<string | null>(list.category ? (categoryOf(list.category) ?? null) : null);
  const [target, setTarget] = useState<string | null>(list.target);
  const [language, setLanguage] = useState<string>(list.language);
  const [nameError, setNameError] = useState<string | null>(null);

  const categoryOptions = TODOLIST_CATEGORIES.map((value) => ({ value, label: t(categoryLabelKey(value)) }));
  const targetOptions = TODOLIST_TARGETS.map((value) => ({ value, label: t(`todolists.targets.${value}`) }));
  const languageOptions = TODOLIST_LANGUAGES.map((value) => ({ value, label: t(`todolists.languages.${value}`) }));

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    void formSchemas().then(({ ZTodolistName }) => {
      const parsed = ZTodolistName.safeParse(name);
      if (!parsed.success) {
        setNameError(errorMessageKey(parsed.error.issues[0]?.message ?? ''));
        return;
      }
      const changes: TUpdateTodolistRequest = {};
      if (parsed.data !== list.name) changes.name = parsed.data;
      const nextCategory = isTodolistCategory(category) ? (storedCategory(category) ?? null) : null;
      if (nextCategory !== list.category) changes.category = nextCategory;
      const nextTarget = isTarget(target) ? target : null;
      if (nextTarget !== list.target) changes.target = nextTarget;
      if (isLanguage(language) && language !== list.language) changes.language = language;
      if (Object.keys(changes).length === 0) {
        onClose();
        return;
      }
      update.mutate(
        { todolistId: list.id, changes },
        {
          onSuccess: (saved) => {
            showSuccess('todolists.settings.saved', { name: saved.name });
            onClose();
          },
          onError: (error) => {
            const code = errorCodeOf(error);
            if (NAME_ERRORS.has(code)) setNameError(errorMessageKey(code));
            else showErrorCode(code);
          },
        },
      );
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('todolists.settings.formLabel')}>
      <Stack gap="sm">
        <TextInput
          label={t('todolists.settings.name')}
          description={t('todolists.new.hint', { max: TODOLIST_NAME_MAX_LENGTH })}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
          error={nameError ? t(nameError) : undefined}
          autoComplete="off"
          data-autofocus
        />
        <Select
          label={t('todolists.settings.category')}
          placeholder={t('todolists.settings.noCategory')}
          data={categoryOptions}
          value={category}
          onChange={setCategory}
          clearable
          searchable
          nothingFoundMessage={t('todolists.settings.noMatch')}
          comboboxProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('todolists.settings.target')}
            placeholder={t('todolists.settings.noTarget')}
            data={targetOptions}
            value={target}
            onChange={setTarget}
            clearable
          />
          <Select
            label={t('todolists.settings.language')}
            data={languageOptions}
            value={language}
            onChange={(value) => {
              if (value) setLanguage(value);
            }}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('todolists.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The small groups (of any of the teacher's groups) whose students work on the list now. */
function liveSmallGroups(groups: TGroup[], list: TTodolist): { group: TGroup; color: TSmallGroup }[] {
  return groups.flatMap((group) =>
    (['blue', 'orange'] as const)
      .filter((color) => (color === 'blue' ? group.blue_shared_id : group.orange_shared_id) === list.id)
      .map((color) => ({ group, color })),
  );
}

/** Said in the delete confirmation of a list that is live: who loses it (issue 14). */
function LiveListWarning({ live }: { live: { group: TGroup; color: TSmallGroup }[] }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" c="dark.7" icon={<IconAlertTriangle size={18} />} title={t('todolists.settings.liveTitle')} data-testid="todolist-live-warning">
      <Stack gap={6}>
        <Text size="sm">{t('todolists.settings.liveText', { count: live.length })}</Text>
        <List size="sm" listStyleType="none" spacing={4}>
          {live.map(({ group, color }) => (
            <List.Item key={`${group.id}-${color}`}>
              <Group gap={8} wrap="nowrap" align="center">
                <SmallGroupDot color={color} />
                <Text span size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {t(`todolists.settings.livePlace.${color}`, { group: group.name })}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
        <Text size="sm">{t('todolists.settings.liveLoss', { count: live.length })}</Text>
      </Stack>
    </Alert>
  );
}

interface TodolistSettingsModalProps {
  teacherId: string;
  /** The list as the cache holds it now; null when closed. */
  list: TTodolist | null;
  onClose: () => void;
}

/**
 * Spec sections 2 and 6: the owner renames, categorizes, copies and deletes (after a
 * confirmation); anyone the list is shared with can copy it.
 */
export function TodolistSettingsModal({ teacherId, list, onClose }: TodolistSettingsModalProps) {
  const { t } = useTranslation();
  const copy = useCopyTodolist(teacherId);
  const remove = useDeleteTodolist(teacherId);
  // Which small groups show the list is on the groups, not the list: asked for when the settings open.
  const groups = useGroups(teacherId, { enabled: list !== null && list.permissions === 'owner' });
  return (
    <ListSettingsModal
      stackId="todolist-settings"
      list={list}
      onClose={onClose}
      texts="todolists.settings"
      copy={{
        run: (source, name) => copy.mutateAsync({ todolistId: source.id, name }),
        pending: copy.isPending,
        // Where the copy is, by name (issue 33: the teacher could not tell a copy had been made).
        successKey: 'todolists.settings.copied',
        pathOf: (id) => `/teacher/todos/${id}`,
      }}
      remove={{
        run: (source) => remove.mutateAsync(source.id),
        pending: remove.isPending,
        allowed: (shown) => shown.permissions === 'owner',
        confirmText: ({ name }) => t('todolists.settings.confirmText', { name }),
        confirmNote: (shown) => {
          const live = liveSmallGroups(groups.data ?? [], shown);
          return live.length > 0 ? <LiveListWarning live={live} /> : null;
        },
        afterPath: '/teacher/todos',
      }}
    >
      {(shown) =>
        shown.permissions === 'owner' ? (
          <>
            <SettingsForm teacherId={teacherId} list={shown} onClose={onClose} />
            <Divider />
            <ShareWithTeachers teacherId={teacherId} list={shown} confirmStackId="todolist-settings-share-confirm" />
            <CommunityShareSection teacherId={teacherId} list={shown} stackId="todolist-settings-community" />
          </>
        ) : (
          <>
            <Stack gap={6}>
              <Text>{t('todolists.sharedBy', { username: shown.shared_by_username ?? '?' })}</Text>
              <Badge variant="light" tt="none" w="fit-content">
                {t(`todolists.permissions.${shown.permissions}`)}
              </Badge>
            </Stack>
            <Divider />
            <SharedListActions teacherId={teacherId} list={shown} confirmStackId="todolist-settings-share-confirm" onClose={onClose} />
          </>
        )
      }
    </ListSettingsModal>
  );
}
