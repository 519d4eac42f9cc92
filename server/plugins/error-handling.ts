/**
 * Every error becomes a short JSON `{ message }`: for a client's mistake (4xx) a message
 * naming the problem; for a fault of ours only 'Internal server error' and the request id,
 * which is in the log with the details. No stack, SQL or error code ever reaches a body.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiErrorBody } from '#contract/api';
import { INTERNAL_ERROR_MESSAGE } from '#contract/http';
import { databaseErrorResponse } from '../db/errors.ts';
import { RequestValidationError } from '../zod-type-provider.ts';

/** Requests larger than this are refused with 413 before they are read (a client is a few hundred bytes). */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** Longer path segments answer 414 where a route has a parameter (app.ts's maxParamLength). */
export const MAX_PARAM_LENGTH = 1024;

/** Fastify's own 4xx errors, in the words of this API. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body must be valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is required',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type must be application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size does not match Content-Length',
  FST_ERR_BAD_URL: 'The URL is malformed',
  FST_ERR_MAX_PARAM_LENGTH: 'The URL is too long',
};

type ErrorLike = Partial<FastifyError> & { code?: string };

function statusOf(error: ErrorLike): number {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

/** "16 KiB", "32 MiB". */
function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
}

function messageFor(error: ErrorLike, status: number, request: FastifyRequest): string {
  if (error instanceof RequestValidationError) return error.message;
  // The route's own limit (an import's is larger: routes/imports.ts); before routing, the server's.
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return `Request body is too large (at most ${formatBytes(request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES)})`;
  }
  const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
  return known ?? STATUS_CODES[status] ?? 'Request refused';
}

/** The response to any error; also used for errors raised before routing (frameworkErrors). */
export function sendError(error: ErrorLike, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const unavailable = databaseErrorResponse(error);
  if (unavailable) {
    request.log.warn({ err: error }, unavailable.message);
    if (unavailable.retryAfterSeconds) reply.header('retry-after', String(unavailable.retryAfterSeconds));
    return reply.code(unavailable.status).send({ message: unavailable.message, requestId: request.id });
  }
  const status = statusOf(error);
  if (status >= 500) {
    request.log.error({ err: error }, 'Request failed');
    return reply.code(500).send({ message: INTERNAL_ERROR_MESSAGE, requestId: request.id });
  }
  request.log.info({ code: error.code, status }, error.message ?? 'Request refused');
  return reply.code(status).send({ message: messageFor(error, status, request) });
}

/** Methods whose body Fastify never reads. */
const BODILESS_METHODS = new Set(['GET', 'HEAD']);

/**
 * What Fastify answers, in the words above, before a route's handler and whatever the route declares: a body that is
 * not JSON (400) or over the limit (413), for every method whose body it reads, even on a route that takes none; a
 * path segment over MAX_PARAM_LENGTH where the route has a parameter (414, before routing).
 */
function frameworkAnswers(method: string | string[], url: string): Record<number, typeof ApiErrorBody> {
  const answers: Record<number, typeof ApiErrorBody> = {};
  if (![method].flat().every((name) => BODILESS_METHODS.has(name))) Object.assign(answers, { 400: ApiErrorBody, 413: ApiErrorBody });
  if (/:\w/.test(url)) answers[414] = ApiErrorBody;
  return answers;
}

export const errorHandling = fp(
  async (app) => {
    app.setErrorHandler((error: ErrorLike, request, reply) => sendError(error, request, reply));
    // For the OpenAPI document (openapi/document.ts): the route's own declaration of a status comes first.
    app.addHook('onRoute', (route) => {
      const answers = frameworkAnswers(route.method, route.url);
      if (Object.keys(answers).length === 0) return;
      route.schema = { ...route.schema, response: { ...answers, ...(route.schema?.response as object) } };
    });
  },
  { name: 'error-handling' },
);
