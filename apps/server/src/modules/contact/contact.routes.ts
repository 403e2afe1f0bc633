import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '@kolikko/core/errors';
import { findUnstorableText } from '@kolikko/core/rules/text';
import { ZOkResponse } from '@kolikko/core/schemas/auth';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZContactRequest, ZSiteFacts } from '@kolikko/core/schemas/public';
import { pageLanguage } from '../../platform/page-language.ts';
import type { ContactService } from './contact.service.ts';

const tags = ['public'];

/** A form body's bound: the longest message (5,000 characters, each up to 9 bytes percent-encoded) and the rest fit. */
const FORM_BODY_LIMIT = 64 * 1024;
/** One multipart field's bound: a longer one is cut by the parser, and then refused. */
const FORM_FIELD_BYTES = 32 * 1024;

/** The site's facts change only with the configuration, i.e. on a restart: a few minutes of caching is safe. */
const SITE_CACHE = 'public, max-age=300';

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION.INVALID_INPUT', { field, message });
}

/**
 * application/x-www-form-urlencoded, as a browser's form posts it: names to values; a name given
 * twice gets all its values (which the schema refuses, naming the field).
 */
function parseUrlEncoded(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = fields[name];
    fields[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return fields;
}

/**
 * multipart/form-data's fields, read into the body before the schema checks it. No files: a file
 * part is refused. The app-wide control-character rule (plugins/text-input.ts) runs before a
 * route's own hooks, when a multipart body is not read yet, so it is applied here to what was read.
 */
async function readMultipartFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  try {
    for await (const part of request.parts({ limits: { fieldSize: FORM_FIELD_BYTES, fields: 10, files: 0, parts: 10 } })) {
      if (part.type === 'file') throw invalid(part.fieldname, `Invalid ${part.fieldname}: files are not accepted`);
      if (part.valueTruncated) throw invalid(part.fieldname, `Invalid ${part.fieldname}: too long`);
      const seen = fields[part.fieldname];
      fields[part.fieldname] = seen === undefined ? part.value : [...(Array.isArray(seen) ? seen : [seen]), part.value];
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Only the parser runs here: its refusals (too many parts, a name like __proto__, a body that
    // ends too soon or is no multipart at all) are all the client's.
    throw invalid('body', `Invalid body: ${err instanceof Error ? err.message : 'not multipart/form-data'}`);
  }
  const path = findUnstorableText(fields);
  if (path !== null) {
    const field = path.length > 0 ? path.join('.') : 'body';
    throw invalid(field, `Invalid ${field}: control characters and lone surrogates are not allowed`);
  }
  return fields;
}

/** Before the schema: a multipart body's fields; no body at all reads as an empty form, so the answer names the first missing field. */
async function readFormBody(request: FastifyRequest): Promise<void> {
  if (request.isMultipart()) request.body = await readMultipartFields(request);
  request.body ??= {};
}

export async function contactRoutes(fastify: FastifyInstance, opts: { contact: ContactService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { contact } = opts;

  // Only this plugin's routes read urlencoded bodies (a plain HTML form's post); JSON and multipart are app-wide.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, parseUrlEncoded(body as string));
  });

  // The API's 429 says when to come back (details.retryAfterSeconds), also as the standard header.
  app.addHook('onError', async (_request, reply, error) => {
    const wait = error instanceof AppError ? error.details?.retryAfterSeconds : undefined;
    if (wait !== undefined) reply.header('retry-after', String(wait));
  });

  app.get(
    '/public/site',
    {
      schema: {
        tags,
        summary: "The operator's facts for the public pages: company (the data controller) and the research study's PDFs; null when not configured",
        response: { 200: ZSiteFacts },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', SITE_CACHE);
      return contact.siteFacts();
    },
  );

  app.post(
    '/public/contact',
    {
      bodyLimit: FORM_BODY_LIMIT,
      preValidation: readFormBody,
      schema: {
        tags,
        summary: 'A contact form message (form data: name, email, subject, message, captcha); stored and mailed to CONTACT_TO',
        description:
          'Takes multipart/form-data, application/x-www-form-urlencoded or JSON. Rate limited per address (5 an hour: 429 SERVER.TRY_AGAIN with Retry-After). A field that fails answers 400 VALIDATION.INVALID_INPUT naming it.',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: ZContactRequest,
        response: { 201: ZOkResponse, 400: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      await contact.send(request.body, { ip: request.ip, language: pageLanguage(request.headers['accept-language']) });
      return reply.status(201).send({ ok: true });
    },
  );
}
