import { useMutation } from '@tanstack/react-query';
import type { PredefinedTodoImage } from '@kolikko/core/enumerations';
import type { TCreateTodoRequest, TTodo, TTodoUpdates } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { imageForm } from '../../../lib/todo-images.ts';
import { todosQueryKey } from './get-todos.ts';
import { normalizedSettings, todoUpdates, type TodoSettings, type TodoText } from './todo-updates.ts';

/** The picture is changed on its own calls, after the todo itself is saved. */
export type ImageChange = { kind: 'keep' } | { kind: 'upload'; file: File } | { kind: 'predefined'; name: PredefinedTodoImage } | { kind: 'remove' };

export interface SaveTodoInput {
  todolistId: string;
  /** null for a new todo. */
  todo: TTodo | null;
  /** null when the text was not touched: an edit then sends no text at all. */
  text: TodoText | null;
  settings: TodoSettings;
  image: ImageChange;
}

export interface SaveTodoResult {
  todo: TTodo;
  /** Spec section 4: a strict todo saved without an answer became a none-type todo. */
  savedAsNone: boolean;
  /** The todo was saved but its picture was not: the error code to show by the picture. */
  imageError: string | null;
}

export function createTodo(body: TCreateTodoRequest): Promise<TTodo> {
  return apiRequest<TTodo>('/todo', { method: 'POST', body });
}

export function updateTodo(todoId: string, updates: TTodoUpdates): Promise<TTodo> {
  return apiRequest<TTodo>('/todo', { method: 'PUT', body: { todo_id: todoId, updates } });
}

export function uploadTodoImage(todoId: string, file: File): Promise<TTodo> {
  return apiRequest<TTodo>(`/todos/${encodeURIComponent(todoId)}/image`, { method: 'PUT', form: imageForm(file) });
}

export function setPredefinedTodoImage(todoId: string, name: PredefinedTodoImage): Promise<TTodo> {
  return apiRequest<TTodo>(`/todos/${encodeURIComponent(todoId)}/image/predefined`, { method: 'PUT', body: { path: name } });
}

export function removeTodoImage(todoId: string): Promise<TTodo> {
  return apiRequest<TTodo>(`/todos/${encodeURIComponent(todoId)}/image`, { method: 'DELETE' });
}

function applyImage(todoId: string, image: ImageChange): Promise<TTodo> | null {
  switch (image.kind) {
    case 'upload':
      return uploadTodoImage(todoId, image.file);
    case 'predefined':
      return setPredefinedTodoImage(todoId, image.name);
    case 'remove':
      return removeTodoImage(todoId);
    case 'keep':
      return null;
  }
}

async function saveTodo({ todolistId, todo, text, settings, image }: SaveTodoInput): Promise<SaveTodoResult> {
  const fields = normalizedSettings(settings);
  const savedAsNone = settings.answertype === 'strict' && fields.answertype === 'none';
  let saved: TTodo;
  if (todo === null) {
    saved = await createTodo({ todolist_id: todolistId, content_html: text?.html ?? '', content_delta: text?.delta ?? {}, ...fields });
  } else {
    const updates = todoUpdates(todo, text, settings);
    saved = Object.keys(updates).length > 0 ? await updateTodo(todo.id, updates) : todo;
  }
  putTodoInCache(todolistId, saved);
  try {
    const withImage = await applyImage(saved.id, image);
    if (withImage) {
      putTodoInCache(todolistId, withImage);
      saved = withImage;
    }
    return { todo: saved, savedAsNone, imageError: null };
  } catch (error) {
    return { todo: saved, savedAsNone, imageError: errorCodeOf(error) };
  }
}

function putTodoInCache(todolistId: string, todo: TTodo): void {
  queryClient.setQueryData<TTodo[]>(todosQueryKey(todolistId), (todos) => {
    if (!todos) return todos;
    const next = todos.some((existing) => existing.id === todo.id)
      ? todos.map((existing) => (existing.id === todo.id ? todo : existing))
      : [...todos, todo];
    return next.sort((a, b) => a.position - b.position);
  });
}

/** Creates or edits a todo, then changes its picture; the list's cache follows each step. */
export function useSaveTodo() {
  return useMutation({ mutationFn: saveTodo });
}
