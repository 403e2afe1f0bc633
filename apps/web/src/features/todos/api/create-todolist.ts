import { useMutation } from '@tanstack/react-query';
import type { TodolistLanguage } from '@kolikko/core/enumerations';
import type { TCreateTodolistRequest, TTodolist } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentLanguage, type Language } from '../../../lib/i18n.ts';
import { putTodolistInCache } from './get-todolists.ts';

/** A new list is in the language the teacher uses the app in (docs/decisions.md, issue 14). */
const LIST_LANGUAGE = { en: 'EN', fi: 'FI', sv: 'SV' } as const satisfies Record<Language, TodolistLanguage>;

export function createTodolist(teacherId: string, name: string): Promise<TTodolist> {
  const body: TCreateTodolistRequest = { name, id: teacherId, language: LIST_LANGUAGE[currentLanguage()] };
  return apiRequest<TTodolist>('/todolists', { method: 'POST', body });
}

export function useCreateTodolist(teacherId: string) {
  return useMutation({
    mutationFn: (name: string) => createTodolist(teacherId, name),
    onSuccess: (list) => putTodolistInCache(teacherId, list),
  });
}
