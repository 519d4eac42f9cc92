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

/** What a failed action says where it was: a 403's own message ("Only an owner can …"), otherwise `otherwise`. */
export function forbiddenMessageOr(error: unknown, otherwise: string): string {
  return isForbidden(error) ? error.message : otherwise;
}

/** Any error response: its message is the server's, for the user (the staff page's "There must be at least one …"). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * What an action that needs the server says where it was when it failed (`failed`: "Could not change sam"): offline
 * (no response at all), that the server cannot be reached; when `serverSays` the error (by default a 403's "Only an
 * owner can …"), the server's message; otherwise to try again.
 */
export function actionFailureMessage(
  error: unknown,
  failed: string,
  serverSays: (error: unknown) => error is ApiError = isForbidden,
): string {
  if (gotNoResponse(error)) return `${failed}: the server cannot be reached. Try again once the connection is back.`;
  return serverSays(error) ? error.message : `${failed}. Try again.`;
}
