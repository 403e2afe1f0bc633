import { z } from 'zod';
import { ZSmallGroup } from './auth.ts';

/** POST /api/demo: the visitor's language decides the demo classroom's texts (English when left out). */
export const ZDemoStartRequest = z.object({
  language: z.enum(['en', 'fi', 'sv'], { error: 'VALIDATION.INVALID_INPUT' }).optional(),
});
export type TDemoStartRequest = z.infer<typeof ZDemoStartRequest>;

/** One of the demo's sample students: `name` is how /proto's switcher shows it. */
export const ZDemoStudent = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  small_group: ZSmallGroup,
});
export type TDemoStudent = z.infer<typeof ZDemoStudent>;

/** A demo classroom as /proto needs it (issue 19). */
export const ZDemo = z.object({
  language: z.enum(['en', 'fi', 'sv']),
  students: z.array(ZDemoStudent),
});
export type TDemo = z.infer<typeof ZDemo>;
