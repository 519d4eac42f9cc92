/**
 * Fastify schemas straight from the shared zod contract: a type provider (so handlers get
 * the contract's output types), a validator compiler and a serializer compiler.
 *
 * Our own ~40 lines instead of `fastify-type-provider-zod` (docs/decisions/009-zod-type-provider.md):
 * owning the compilers lets every validation failure become the contract's own short message
 * (`describeValidationError`), the same one the msw mock responds with, and a body made ahead
 * (`SerializedBody`) is a type a route may send. The OpenAPI document comes from the same
 * schemas (openapi/document.ts).
 */
import type { FastifyPluginAsync, FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider, RawServerDefault } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { describeValidationError } from '#contract/api';

declare const serializedFrom: unique symbol;

/**
 * A response's body made ahead from a `T` (its JSON, possibly compressed), sent as it is:
 * Fastify sends a Buffer without calling the serializer, so a route that declares its
 * response schema pays nothing per request for it. Only the code that made the bytes can
 * say what they hold, with a cast to this type.
 */
export type SerializedBody<T> = Buffer & { readonly [serializedFrom]: T };

/**
 * What a route may send for a schema's type: the value, or a body made ahead from it (no body for no content); a text
 * body may also come as a stream (the event stream).
 */
type Sendable<T> = T extends undefined ? T : T | SerializedBody<T> | (T extends string ? Readable : never);

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? Sendable<z.input<this['schema']>> : unknown;
}

/** A plugin whose routes are typed from zod schemas. */
export type ZodPlugin<Options extends Record<string, unknown> = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  ZodTypeProvider
>;

/** A 400 whose message is safe and useful to show: it names the problem, nothing internal. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;
}

function isJsonObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    if (httpPart === 'body' && !isJsonObject(data)) {
      return { error: new RequestValidationError('Request body must be a JSON object') };
    }
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new RequestValidationError(describeValidationError(result.error)) };
  };

/**
 * Responses are parsed with their schema before they are sent: a field that is not in the
 * contract is dropped rather than leaked, and a malformed response is a 500, not a surprise.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema }) =>
  (data) =>
    JSON.stringify(schema.parse(data));
