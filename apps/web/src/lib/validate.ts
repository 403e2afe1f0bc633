import type * as schemas from './form-schemas.ts';

type FormSchemas = typeof schemas;

let loading: Promise<FormSchemas> | null = null;

/**
 * The form schemas (lib/form-schemas.ts), fetched with the first check a form makes and then at
 * hand: `void formSchemas().then(({ ZGroupName }) => ...)`. Focusing a form's field may call it
 * early, so the first check does not wait.
 */
export function formSchemas(): Promise<FormSchemas> {
  loading ??= import('./form-schemas.ts');
  return loading;
}
