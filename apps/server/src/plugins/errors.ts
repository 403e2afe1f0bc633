import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_STATUS, isErrorCode, type ApiErrorBody, type ErrorCode } from '@kolikko/core/errors';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

function send(reply: FastifyReply, status: number, body: ApiErrorBody): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** The codes that answer 5xx: something failed on our side, and the client is told no more than which. */
type ServerErrorCode = { [C in ErrorCode]: (typeof ERROR_STATUS)[C] extends 500 | 502 | 503 ? C : never }[ErrorCode];

/**
 * What a 5xx answers, whatever message the error was thrown with: a caught database or mail
 * error's message may carry SQL, its parameters or a stack, and that goes to the log only. The map
 * is exhaustive, so a new 5xx code needs its text here.
 */
const SERVER_ERROR_TEXT = {
  'AUTH.LOGIN_ERROR': 'Signing in failed',
  'CHAT.FAILED_TO_SEND': 'The message could not be sent',
  'TODOLIST.COPY_TODOLIST_FAILED': 'The list could not be copied',
  'REWARD.COPY_REWARDLIST_FAILED': 'The reward list could not be copied',
  'EMAIL.FAILED_TO_SEND': 'The e-mail could not be sent',
  'SERVER.ERROR': 'Something went wrong',
  'SERVER.UNAVAILABLE': 'The service is briefly unavailable: try again in a few seconds',
  'MISC.PURCHASE_HISTORY_ERROR': 'The purchase history could not be read',
} as const satisfies Record<ServerErrorCode, string>;

function isServerErrorCode(code: ErrorCode): code is ServerErrorCode {
  return Object.hasOwn(SERVER_ERROR_TEXT, code);
}

/** The first failing field of a request schema, answered with the code its rule names. */
function validationBody(validation: { instancePath: string; message?: string }[], context: string): ApiErrorBody {
  const first = validation[0];
  const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || context;
  const code: ErrorCode = isErrorCode(first?.message) ? first.message : 'VALIDATION.INVALID_INPUT';
  return { errorCode: code, message: `Invalid ${field}`, field };
}

/** Seconds a 503 asks the client to wait: PostgreSQL restarts in about that. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** 503 SERVER.UNAVAILABLE: the database is away (restarting) or this process is shutting down. Nothing was done. */
export function sendUnavailable(reply: FastifyReply): FastifyReply {
  reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  return send(reply, 503, { errorCode: 'SERVER.UNAVAILABLE', message: SERVER_ERROR_TEXT['SERVER.UNAVAILABLE'] });
}

/**
 * One error handler: domain errors answer with their catalogue code (a 5xx one with a fixed text,
 * logged with what caused it), validation names the field, a database that is away answers 503
 * SERVER.UNAVAILABLE (nothing was committed: db/unavailable.ts), anything else is logged with the
 * request's id and answers 500 SERVER.ERROR without details.
 */
async function errorsPlugin(app: FastifyInstance) {
  // Shutting down (SIGTERM, a rolling deploy): requests in flight finish, and their connections
  // close after; one that arrives on a kept-alive connection meanwhile is told to go elsewhere.
  // Fastify's own 503 for that is off (app.ts): it answers outside the error catalogue.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks: on every request, an async hook's promise cost more than the check.
  app.addHook('onRequest', (_request, reply, done) => {
    if (closing) sendUnavailable(reply);
    else done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    // Also when a module caught it and threw its own 5xx code with the driver's error as cause.
    if ((!(error instanceof AppError) || isServerErrorCode(error.code)) && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendUnavailable(reply);
    }
    if (error instanceof AppError) {
      if (isServerErrorCode(error.code)) {
        // The error's message and cause (logged with it) stay here; the client gets the code.
        request.log.error({ err: error }, 'request failed');
        return send(reply, error.status, { errorCode: error.code, message: SERVER_ERROR_TEXT[error.code] });
      }
      const body: ApiErrorBody = { errorCode: error.code, message: error.message };
      if (error.field) body.field = error.field;
      if (error.details) body.details = error.details;
      if (error.suggestion !== undefined) body.suggestion = error.suggestion;
      if (error.refused) body.refused = error.refused;
      return send(reply, error.status, body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body = validationBody(error.validation, error.validationContext ?? 'body');
      return send(reply, ERROR_STATUS[body.errorCode], body);
    }
    const fastifyError = error as { statusCode?: number; code?: string; message?: string };
    const status = fastifyError.statusCode ?? 500;
    if (status === 429) return send(reply, 429, { errorCode: 'SERVER.TRY_AGAIN', message: 'Too many requests' });
    if (status === 413) return send(reply, 413, { errorCode: 'VALIDATION.INVALID_INPUT', message: 'Request body too large' });
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type and the like: the client's fault, said plainly.
      return send(reply, status, { errorCode: 'VALIDATION.INVALID_INPUT', message: fastifyError.message ?? 'Bad request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { errorCode: 'SERVER.ERROR', message: SERVER_ERROR_TEXT['SERVER.ERROR'] });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
