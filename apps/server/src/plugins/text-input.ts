import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@kolikko/core/errors';
import { findUnstorableText } from '@kolikko/core/rules/text';

/**
 * Every route, one rule (core's rules/text.ts): a string in the route parameters, the query or a
 * parsed body holding a control character or a lone surrogate answers 400 VALIDATION.INVALID_INPUT
 * naming the field as schema validation does (`updates.member_answer`), before any schema, service
 * or query sees it. A hook rather than a refinement on each string schema, so a route whose schema
 * forgets it, or that has none, is covered too. A raw body (the Stripe webhook's Buffer) is not
 * looked into, and an upload's multipart fields are never read (modules/todos/upload.ts).
 */
async function textInputPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const parts = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [context, value] of parts) {
      const path = findUnstorableText(value);
      if (path === null) continue;
      const field = path.length > 0 ? path.join('.') : context;
      throw new AppError('VALIDATION.INVALID_INPUT', { field, message: `Invalid ${field}: control characters and lone surrogates are not allowed` });
    }
  });
}

export default fp(textInputPlugin, { name: 'text-input' });
