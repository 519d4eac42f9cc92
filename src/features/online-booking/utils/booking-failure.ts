/** What the section says when a request fails (issue 41). */
import { actionFailureMessage } from '../../../lib/action-failure-message.ts';
import { ApiError } from '../../../lib/api-errors.ts';

/** 409 and 429 carry the words for the visitor ("That time was just taken. …", "Too many bookings …"). */
const serverSays = (error: unknown): error is ApiError => error instanceof ApiError && (error.status === 409 || error.status === 429);

/** `failed`: what failed, as the message begins ("The appointment could not be booked"). */
export const onlineFailureMessage = (error: unknown, failed: string): string => actionFailureMessage(error, failed, serverSays);

export const isTaken = (error: unknown): boolean => error instanceof ApiError && error.status === 409;
