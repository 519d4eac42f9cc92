import type { Role } from '#contract/team';
import { actionFailureMessage } from '../../../lib/action-failure-message.ts';
import { isApiError } from '../../../lib/api-errors.ts';
import { localDateTime } from '../../../lib/local-time.ts';

/** A role as the staff page shows it. */
export const roleNames: Record<Role, string> = { owner: 'Owner', staff: 'Staff' };

/** A time on the staff page and My account, in the salon's local time: "2026-11-26 09:30"; null is `never`. */
export function formatWhen(iso: string | null, never = 'Never'): string {
  return iso === null ? never : localDateTime(iso);
}

/** What a failed change of the team says: the server's message ("There must be at least one active owner."), or offline that the server cannot be reached. */
export function failureMessage(error: unknown, failed: string): string {
  return actionFailureMessage(error, failed, isApiError);
}
