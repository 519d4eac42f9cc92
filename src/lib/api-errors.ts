// What an API call fails with (api-client.ts makes the requests). Apart from the requests themselves: the query
// client reads these in the landing page's bundle, which has no request to make.

/**
 * A non-2xx response from the server. `status` 401 means the session is no longer accepted; `body` is the JSON
 * body as sent (a 412's `current`, for one), undefined when there was none.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** A 2xx response whose body does not match the contract. */
export class MalformedResponseError extends Error {
  constructor(path: string, cause: unknown) {
    super(`The server's response to ${path} does not match the API contract`, { cause });
    this.name = 'MalformedResponseError';
  }
}

/** The request got no response at all (the network or the server is down), rather than a response the app disliked. */
export function gotNoResponse(error: unknown): boolean {
  return !(error instanceof ApiError) && !(error instanceof MalformedResponseError);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** A 403: the account may not do this (issue 28: "Only an owner can …"); its message is the server's, for the user. */
export function isForbidden(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403;
}

/** Any error response: its message is the server's, for the user (the staff page's "There must be at least one …"). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
