// The SPA's one HTTP client: `fetch` with no time-out, 200–299 is success (SPEC.md section 9), and a response
// is parsed with the caller's contract schema. Only zod's types: `/` loads no zod (docs/performance.md).
import type { z } from 'zod';
import { env } from '../config/env.ts';

/** A non-2xx response from the server. `status` 401 means the session is no longer accepted. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** A 2xx response whose body does not match the contract. */
export class MalformedResponseError extends Error {
  constructor(path: string, cause: unknown) {
    super(`The server's response to ${path} does not match the API contract`, { cause });
    this.name = 'MalformedResponseError';
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

type RequestOptions<TSchema extends z.ZodType | undefined> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The schema of the response body; without one the body is not read. */
  schema?: TSchema;
  signal?: AbortSignal;
};

type ResultOf<TSchema> = TSchema extends z.ZodType ? z.output<TSchema> : undefined;

function urlFor(path: string): string {
  return new URL(path, env.apiUrl || window.location.origin).toString();
}

async function errorMessage(response: Response): Promise<string> {
  try {
    // The contract's error body, { message }, checked by hand (no zod here).
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON: fall through to the status text.
  }
  return `Request failed with status ${response.status}`;
}

export async function apiRequest<TSchema extends z.ZodType | undefined = undefined>(
  path: string,
  { method = 'GET', body, schema, signal }: RequestOptions<TSchema> = {},
): Promise<ResultOf<TSchema>> {
  const response = await fetch(urlFor(path), {
    method,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    // The session cookie goes along, also when {host} is another origin.
    credentials: 'include',
    signal,
  });
  if (!response.ok) {
    throw new ApiError(response.status, await errorMessage(response));
  }
  if (!schema) return undefined as ResultOf<TSchema>;
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    throw new MalformedResponseError(path, error);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new MalformedResponseError(path, parsed.error);
  return parsed.data as ResultOf<TSchema>;
}
