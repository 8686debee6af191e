import { SERVER, VALIDATION } from '@housnkuh/shared/messages';
import type { FieldError } from '@housnkuh/shared/schemas/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors';
import { DomainError, TooManyAttemptsError } from '../lib/domain-errors';

/** How a route wants its validation errors: `{ field, message }` pairs (default) or plain strings. */
export type ValidationErrorFormat = 'fields' | 'strings';

declare module 'fastify' {
  interface FastifyContextConfig {
    validationErrors?: ValidationErrorFormat;
  }
}

const MESSAGES_BY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: SERVER.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: SERVER.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: SERVER.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: SERVER.unsupportedMediaType,
};

const MESSAGES_BY_STATUS: Record<number, string> = {
  400: SERVER.badRequest,
  401: SERVER.unauthorized,
  403: SERVER.forbidden,
  404: SERVER.notFound,
  405: SERVER.methodNotAllowed,
  413: SERVER.payloadTooLarge,
  415: SERVER.unsupportedMediaType,
  429: SERVER.rateLimited,
};

function fieldErrorsOf(error: FastifyError): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    if (seen.has(field)) continue;
    seen.add(field);
    result.push({ field, message: issue.message ?? SERVER.badRequest });
  }
  return result;
}

function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  errors?: FieldError[] | string[],
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ success: false, message, ...(errors && errors.length ? { errors } : {}) });
}

/**
 * Errors the router raises before any route runs (a malformed URL escape, a
 * path parameter longer than `maxParamLength`): the API answers them in its
 * own shape; a page address is simply not found (the German 404 page).
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (!request.url.startsWith('/api/') && (request.method === 'GET' || request.method === 'HEAD')) {
    reply.callNotFound();
    return;
  }
  const status = error.statusCode === 414 ? 414 : 400;
  void sendError(reply, status, status === 414 ? SERVER.uriTooLong : SERVER.badRequest);
}

/**
 * One error handler for the whole API: bodies are `{ success: false, message, errors? }`.
 * Services throw domain errors (lib/domain-errors.ts); each has its status.
 * Bad input of any kind is a 4xx with a German message; only real faults are a 500,
 * and those say nothing about the inside. An unknown page address is answered
 * by the web app's page (its 404 page), when the web plugin serves one.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = fieldErrorsOf(error);
        // The body, query or params as a whole has the wrong shape (e.g. an array instead of an object).
        if (fields.some((field) => field.field === '_'))
          return sendError(reply, 400, SERVER.badRequest);
        const format = request.routeOptions.config.validationErrors ?? 'fields';
        return sendError(
          reply,
          400,
          VALIDATION.fixMarkedFields,
          format === 'strings' ? fields.map((field) => field.message) : fields,
        );
      }
      if (error instanceof DomainError) {
        if (error instanceof TooManyAttemptsError && error.retryAfterSeconds !== undefined) {
          reply.header('retry-after', String(error.retryAfterSeconds));
        }
        return sendError(reply, error.status, error.message, error.errors);
      }
      // the database did not answer in time, or the request as a whole took too long: try later
      if (isDatabaseUnavailable(error) || error.code === 'FST_ERR_HANDLER_TIMEOUT') {
        request.log.warn({ err: error }, 'service unavailable');
        reply.header('retry-after', '5');
        return sendError(reply, 503, SERVER.unavailable);
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        const message =
          (error.code && MESSAGES_BY_CODE[error.code]) ??
          MESSAGES_BY_STATUS[status] ??
          SERVER.badRequest;
        if (status === 429) {
          const retryAfter = reply.getHeader('retry-after');
          if (retryAfter) reply.header('retry-after', retryAfter);
        }
        return sendError(reply, status, message);
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, status >= 500 && status < 600 ? status : 500, SERVER.internal);
    });

    app.setNotFoundHandler((request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api/') &&
        request.url !== '/api';
      const page = app.pages?.handler;
      if (isPage && page) return page(request, reply);
      return sendError(reply, 404, SERVER.notFound);
    });
  },
  { name: 'errors' },
);
