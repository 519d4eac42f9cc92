/**
 * What a booking, a move or a cancellation says when it fails (issue 40). They need the server now: offline they say
 * "Booking needs the connection." rather than waiting to be sent later (`onlineOnly`, src/lib/query-client.ts).
 */
import { onlineManager } from '@tanstack/react-query';
import { bookTexts } from '#contract/book-texts';
import { actionFailureMessage } from '../../../lib/action-failure-message.ts';
import { ApiError, gotNoResponse } from '../../../lib/api-errors.ts';

/** Called first by each change of the book: offline, it fails before anything is sent. */
export function requireConnection(): void {
  if (!onlineManager.isOnline()) throw new Error(bookTexts.needsConnection);
}

/** The server's own words: a 409 ("sam already has an appointment at that time.") or a 403 ("Only an owner can …"). */
const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && (error.status === 409 || error.status === 403);

/** `failed`: what failed, as the message begins ("The appointment could not be booked"). */
export function bookingFailureMessage(error: unknown, failed: string): string {
  return gotNoResponse(error) ? bookTexts.needsConnection : actionFailureMessage(error, failed, isRefusal);
}
