// What a failed action says where it was. Apart from lib/api-errors.ts, which the landing page's bundle holds: only
// the staff pages say this.
import { gotNoResponse, isForbidden, type ApiError } from './api-errors.ts';

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
