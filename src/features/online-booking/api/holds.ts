/** A chosen time held for the visitor for HOLD_MINUTES (issue 41): POST to hold it, DELETE to let it go. */
import { Hold, type NewHold } from '#contract/online-booking';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/booking/holds: 201 with the hold, 409 when the time was just taken, 429 beyond the limits. */
export const holdTime = (hold: NewHold) => apiRequest(apiPaths.bookingHolds, { method: 'POST', body: hold, schema: Hold });

/** DELETE /api/booking/holds/{token}: the time is free again for others; a failure only leaves it to expire. */
export function releaseHold(token: string): void {
  apiRequest(apiPaths.bookingHold(token), { method: 'DELETE' }).catch(() => {});
}
