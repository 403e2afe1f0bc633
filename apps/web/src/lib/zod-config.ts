import { config } from 'zod';

/**
 * The core schemas run in the browser too. Zod would probe for `new Function` on the first parse;
 * under our CSP (no 'unsafe-eval') that probe is refused and reported as a violation on every
 * page. Jitless parsing needs no eval and is as correct. Every module that validates a form
 * with a core schema imports this first; pages without forms never download Zod.
 */
config({ jitless: true });
