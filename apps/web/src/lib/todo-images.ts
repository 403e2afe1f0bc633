import { IMAGE_MAX_BYTES } from '@kolikko/core/limits';
import { DEMO_AS } from './api-client.ts';

/** Where the images of todos and answers are read from (spec section 7). */
const API_BASE = '/api';

/** A todo's own picture: public, its random name is the key. */
export function todoImageUrl(todoId: string, imagepath: string): string {
  return `${API_BASE}/public/todo/${encodeURIComponent(todoId)}/${encodeURIComponent(imagepath)}/image`;
}

/** A student's answer picture: only for the student and its teacher (the session cookie goes along). */
export function memberTodoImageUrl(memberTodoId: string, path: string): string {
  // An image is no request of ours to add a header to: the demo's frames name their user here.
  const demo = DEMO_AS === null ? '' : `?demo_as=${encodeURIComponent(DEMO_AS)}`;
  return `${API_BASE}/membertodo/${encodeURIComponent(memberTodoId)}/${encodeURIComponent(path)}/image${demo}`;
}

/** One of the predefined pictures, for the picker. */
export function predefinedImageUrl(name: string): string {
  return `${API_BASE}/public/predefined-images/${encodeURIComponent(name)}`;
}

/** The image types the server decodes; anything else would only fail after the upload. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * Checks a chosen file before sending it (spec section 5: at most 5 MB). Answers the error code
 * the server would give, so the same text shows either way; the server checks again.
 */
export function checkImageFile(file: File): 'IMAGE.TOO_BIG_FILE' | 'MISC.UPLOAD_FAIL' | null {
  if (file.size > IMAGE_MAX_BYTES) return 'IMAGE.TOO_BIG_FILE';
  if (!UPLOAD_IMAGE_TYPES.some((type) => type === file.type)) return 'MISC.UPLOAD_FAIL';
  return null;
}

/** The file as the one part of a multipart upload, under the field name the server reads. */
export function imageForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}
