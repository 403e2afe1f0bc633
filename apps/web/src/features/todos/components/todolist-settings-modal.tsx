import { useState, type SubmitEvent } from 'react';
import { Badge, Button, Divider, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TODOLIST_CATEGORIES, TODOLIST_LANGUAGES, TODOLIST_TARGETS, type TodolistLanguage, type TodolistTarget } from '@kolikko/core/enumerations';
import { MODAL_WIDTH_DEFAULT_PX, TODOLIST_NAME_MAX_LENGTH } from '@kolikko/core/limits';
import { ZTodolistName, type TTodolist, type TUpdateTodolistRequest } from '@kolikko/core/schemas/todos';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconCopy, IconTrash } from '../../../components/icons.tsx';
import { showErrorCode, showSuccess, showSuccessOnNextPage } from '../../../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { categoryLabelKey, categoryOf, isTodolistCategory, storedCategory } from '../../../lib/todolist-labels.ts';
import { useCopyTodolist } from '../api/copy-todolist.ts';
import { useDeleteTodolist } from '../api/delete-todolist.ts';
import { useUpdateTodolist } from '../api/update-todolist.ts';

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
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <Select
            label={t('todolists.settings.target')}
            placeholder={t('todolists.settings.noTarget')}
            data={targetOptions}
            value={target}
            onChange={setTarget}
            clearable
            miw={200}
          />
          <Select
            label={t('todolists.settings.language')}
            data={languageOptions}
            value={language}
            onChange={(value) => {
              if (value) setLanguage(value);
            }}
            allowDeselect={false}
            miw={160}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('todolists.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
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
export function TodolistSettingsModal({ teacherId, list: current, onClose }: TodolistSettingsModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The last list shown stays on screen while the modal fades out after a delete.
  const [lastList, setLastList] = useState(current);
  if (current !== null && current !== lastList) setLastList(current);
  const list = current ?? lastList;
  const opened = current !== null;
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const copy = useCopyTodolist(teacherId);
  const remove = useDeleteTodolist(teacherId);
  const isOwner = list?.permissions === 'owner';

  function handleCopy() {
    if (!list || copy.isPending) return;
    copy.mutate(
      { todolistId: list.id, name: t('todolists.settings.copyName', { name: list.name }) },
      {
        onSuccess: (copied) => {
          onClose();
          showSuccessOnNextPage('success.TODOLIST_COPIED');
          void navigate(`/teacher/todos/${copied.id}`);
        },
        onError: (error) => showErrorCode(errorCodeOf(error)),
      },
    );
  }

  function handleDelete() {
    if (!list) return;
    const { id, name } = list;
    remove.mutate(id, {
      onSuccess: () => {
        setConfirmingDelete(false);
        onClose();
        showSuccessOnNextPage('todolists.settings.deleted', { name });
        void navigate('/teacher/todos', { replace: true });
      },
      onError: (error) => {
        setConfirmingDelete(false);
        showErrorCode(errorCodeOf(error));
      },
    });
  }

  return (
    <Modal.Stack>
      <Modal
        stackId="todolist-settings"
        opened={opened}
        onClose={onClose}
        size={MODAL_WIDTH_DEFAULT_PX}
        title={list ? t('todolists.settings.title', { name: list.name }) : ''}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {list ? (
          <Stack gap="lg" key={list.id}>
            {isOwner ? (
              <SettingsForm teacherId={teacherId} list={list} onClose={onClose} />
            ) : (
              <Stack gap={6}>
                <Text>{t('todolists.sharedBy', { username: list.shared_by_username ?? '?' })}</Text>
                <Badge variant="light" tt="none" w="fit-content">
                  {t(`todolists.permissions.${list.permissions}`)}
                </Badge>
              </Stack>
            )}
            <Divider />
            <Stack gap="xs">
              <Title order={3} fz="md">
                {t('todolists.settings.copyTitle')}
              </Title>
              <Text size="sm" c="dark.5">
                {t('todolists.settings.copyText')}
              </Text>
              <Button variant="light" leftSection={<IconCopy size={16} />} onClick={handleCopy} loading={copy.isPending} w="fit-content">
                {t('todolists.settings.copy')}
              </Button>
            </Stack>
            {isOwner ? (
              <>
                <Divider />
                <Stack gap="xs">
                  <Title order={3} fz="md" c="red.9">
                    {t('todolists.settings.deleteTitle')}
                  </Title>
                  <Text size="sm" c="dark.5">
                    {t('todolists.settings.deleteText')}
                  </Text>
                  <Button color="red.8" leftSection={<IconTrash size={16} />} onClick={() => setConfirmingDelete(true)} w="fit-content">
                    {t('todolists.settings.delete')}
                  </Button>
                </Stack>
              </>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('todolists.settings.created', { date: formatDate(list.date_created) })}
            </Text>
          </Stack>
        ) : null}
      </Modal>
      <ConfirmModal
        stackId="todolist-delete-confirm"
        opened={confirmingDelete && opened}
        onClose={() => setConfirmingDelete(false)}
        onConfirm={handleDelete}
        loading={remove.isPending}
        danger
        title={t('todolists.settings.confirmTitle')}
      >
        <Text>{t('todolists.settings.confirmText', { name: list?.name ?? '' })}</Text>
      </ConfirmModal>
    </Modal.Stack>
  );
}
