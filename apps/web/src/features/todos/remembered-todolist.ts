/**
 * The todo list last opened on /teacher/todos, kept for the browser tab's session (issue 33:
 * coming back to Todo lists forgot it). sessionStorage may be refused (a private window's
 * quota, a browser's settings): then nothing is remembered, and nothing breaks.
 */
const KEY = 'kolikko.todolist';

export function rememberedTodolist(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberTodolist(id: string): void {
  try {
    window.sessionStorage.setItem(KEY, id);
  } catch {
    // Not remembered: the lists show next time.
  }
}

export function forgetTodolist(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
