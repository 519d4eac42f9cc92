/** What the cancel link's panel says (issue 41), from the link's appointment and the cancellation sent. */
import type { Cancellation } from '#contract/online-booking';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { ApiError } from '../../../lib/api-errors.ts';
import { onlineFailureMessage } from './booking-failure.ts';

type Asked = { data?: Cancellation; error: unknown };
type Sent = { isSuccess: boolean; error: unknown };

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : undefined);

/** null: nothing said yet (loading, or the question is asked). */
export function cancelOutcome(asked: Asked, sent: Sent): string | null {
  if (sent.isSuccess) return onlineBookingTexts.cancelled;
  for (const [error, failed] of [
    [sent.error, 'Your appointment could not be cancelled'],
    [asked.error, 'Your appointment could not be loaded'],
  ] as const) {
    if (!error) continue;
    if (statusOf(error) === 404) return onlineBookingTexts.linkInvalid;
    if (statusOf(error) === 409) return onlineBookingTexts.tooLate;
    return onlineFailureMessage(error, failed);
  }
  if (asked.data && !asked.data.cancellable) return onlineBookingTexts.tooLate;
  return null;
}
