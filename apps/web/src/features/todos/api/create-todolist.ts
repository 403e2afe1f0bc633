import { useMutation } from '@tanstack/react-query';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { putTodolistInCache } from './get-todolists.ts';

export function createTodolist(teacherId: string, name: string): Promise<TTodolist> {
  return apiRequest<TTodolist>('/todolists', { method: 'POST', body: { name, id: teacherId } });
}

export function useCreateTodolist(teacherId: string) {
  return useMutation({
    mutationFn: (name: string) => createTodolist(teacherId, name),
    onSuccess: (list) => putTodolistInCache(teacherId, list),
  });
}
