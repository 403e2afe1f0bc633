import { useMutation } from '@tanstack/react-query';
import type { TTodo } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { todosQueryKey, type TTodoList } from './get-todos.ts';

/** Swaps the positions of two todos of one list; answers the list in its new order. */
export function swapTodos(todo1: string, todo2: string): Promise<TTodo[]> {
  return apiRequest<TTodoList>('/todos', { method: 'PUT', body: { todo1, todo2 } });
}

function swapped(todos: TTodo[], first: string, second: string): TTodo[] {
  const a = todos.find((todo) => todo.id === first);
  const b = todos.find((todo) => todo.id === second);
  if (!a || !b) return todos;
  return todos
    .map((todo) => {
      if (todo.id === a.id) return { ...todo, position: b.position };
      if (todo.id === b.id) return { ...todo, position: a.position };
      return todo;
    })
    .sort((x, y) => x.position - y.position);
}

/**
 * The list shows the new order at once and settles on the server's answer; a failure puts the
 * old order back. The caller blocks further swaps while one is under way (spec section 4).
 */
export function useSwapTodos(todolistId: string) {
  const key = todosQueryKey(todolistId);
  return useMutation({
    mutationFn: ({ first, second }: { first: string; second: string }) => swapTodos(first, second),
    onMutate: async ({ first, second }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TTodo[]>(key);
      if (previous) queryClient.setQueryData(key, swapped(previous, first, second));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (todos) => queryClient.setQueryData(key, todos),
  });
}
