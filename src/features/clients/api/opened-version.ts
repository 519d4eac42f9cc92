import { ClientHistory, type ClientFields, type ClientInputBody } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-errors.ts';
import { toDateTimeLocalValue } from '../utils/date-time.ts';

/** Whether the client's fields are exactly `input` (the date and time as the form has it). */
export function holds(fields: ClientFields, input: ClientInputBody): boolean {
  return (
    fields.firstName === input.firstName &&
    fields.lastName === input.lastName &&
    fields.email === input.email &&
    toDateTimeLocalValue(fields.registrationDateTime) === input.registrationDateTime.slice(0, 16)
  );
}

/**
 * The version a change is made against when its page had none: a client's edit page opened offline from the list's
 * row (issue 38; the list carries no versions). Sent without one, the change would overwrite unseen what a colleague
 * changed since the list was loaded, so the client's history says at which version it held what the page showed: the
 * newest change that left those values. When none did, version 0, which no change has: the server answers 412 with
 * the client as it is now, and the change waits for a decision. A server without histories (only the spec's calls)
 * gets no If-Match, as one that sends no ETag.
 */
export async function versionHolding(clientId: string, opened: ClientInputBody): Promise<number | null> {
  try {
    const history = await apiRequest(apiPaths.clientHistory(clientId), { schema: ClientHistory });
    return history.find((change) => change.after !== null && holds(change.after, opened))?.version ?? 0;
  } catch (error) {
    // No history here, or no such client (the change then meets the same 404).
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
