// The SPA's one HTTP client: `fetch` with no time-out, 200–299 is success (SPEC.md section 9), and a response
// is parsed with the caller's contract schema. Only zod's types: `/` loads no zod (docs/performance.md).
import type { z } from 'zod';
import { versionEtag, versionOfEtag } from '#contract/if-match';
import { apiPaths } from '#contract/paths';
import { env } from '../config/env.ts';
import { ApiError, MalformedResponseError } from './api-errors.ts';
import { serverReached, serverUnreachable } from './reachability.ts';

type RequestOptions<TSchema extends z.ZodType | undefined> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A client's version, sent as If-Match (beyond the spec: 412 when the client changed since). */
  ifMatch?: number | null;
  /** Sent as Idempotency-Key (beyond the spec: the same registration sent again is registered once). */
  idempotencyKey?: string;
  /** The schema of the response body; without one the body is not read. */
  schema?: TSchema;
  signal?: AbortSignal;
};

type ResultOf<TSchema> = TSchema extends z.ZodType ? z.output<TSchema> : undefined;

export function urlFor(path: string): string {
  return new URL(path, env.apiUrl || window.location.origin).toString();
}

async function apiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // Not JSON: the status text says it.
  }
  // The contract's error body, { message }, checked by hand (no zod here).
  const message =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : `Request failed with status ${response.status}`;
  return new ApiError(response.status, message, body);
}

/** The request's response when it succeeded (2xx); any other status is thrown as an ApiError. */
export async function apiResponse(
  path: string,
  { method = 'GET', body, ifMatch, idempotencyKey, signal }: Omit<RequestOptions<undefined>, 'schema'> = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (ifMatch != null) headers['If-Match'] = versionEtag(ifMatch);
  // A structured-field string, as the draft writes it.
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = `"${idempotencyKey}"`;
  let response: Response;
  try {
    response = await fetch(urlFor(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      // The session cookie goes along, also when {host} is another origin.
      credentials: 'include',
      signal,
    });
  } catch (error) {
    // No response at all (not a cancelled request): the server cannot be reached (lib/reachability.ts).
    if (!signal?.aborted) serverUnreachable(urlFor(apiPaths.clients));
    throw error;
  }
  serverReached();
  if (!response.ok) throw await apiError(response);
  return response;
}

/** The request and its parsed body, with the response's version (its ETag `"v3"`; null when it sent none). */
export async function apiRequestVersioned<TSchema extends z.ZodType | undefined = undefined>(
  path: string,
  { schema, ...options }: RequestOptions<TSchema> = {},
): Promise<{ data: ResultOf<TSchema>; version: number | null }> {
  const response = await apiResponse(path, options);
  const version = versionOfEtag(response.headers.get('ETag'));
  if (!schema) return { data: undefined as ResultOf<TSchema>, version };
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    throw new MalformedResponseError(path, error);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new MalformedResponseError(path, parsed.error);
  return { data: parsed.data as ResultOf<TSchema>, version };
}

export async function apiRequest<TSchema extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<TSchema> = {},
): Promise<ResultOf<TSchema>> {
  return (await apiRequestVersioned(path, options)).data;
}
