import { STORED_TODOLIST_CATEGORIES, TODOLIST_CATEGORIES, type StoredTodolistCategory, type TodolistCategory } from '@kolikko/core/enumerations';

/**
 * Categories are answered lowercased (spec section 3); their names are translated under the
 * enumeration's own (upper case) spelling.
 */
export function categoryOf(stored: StoredTodolistCategory): TodolistCategory | undefined {
  return TODOLIST_CATEGORIES.find((category) => category.toLowerCase() === stored);
}

export function categoryLabelKey(category: TodolistCategory): string {
  return `todolists.categories.${category}`;
}

export function storedCategoryLabelKey(stored: StoredTodolistCategory): string {
  const category = categoryOf(stored);
  return category ? categoryLabelKey(category) : 'todolists.categories.OTHER';
}

/** The stored (lowercased) spelling of a category, as the server answers it. */
export function storedCategory(category: TodolistCategory): StoredTodolistCategory | undefined {
  return STORED_TODOLIST_CATEGORIES.find((stored) => stored === category.toLowerCase());
}

export function isTodolistCategory(value: string | null): value is TodolistCategory {
  return TODOLIST_CATEGORIES.some((category) => category === value);
}
