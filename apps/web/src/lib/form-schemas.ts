import './zod-config.ts';

/**
 * The core schemas the signed-in areas' forms check before sending. They come with Zod (23 KB
 * brotli), so they load with a form's first check (lib/validate.ts), not with the page.
 */
export { ZGroupName } from '@kolikko/core/schemas/groups';
export { ZTodolistName } from '@kolikko/core/schemas/todos';
export { ZRewardFields, ZRewardlistName } from '@kolikko/core/schemas/rewards';
export { ZPassword, ZUsername } from '@kolikko/core/schemas/fields';
