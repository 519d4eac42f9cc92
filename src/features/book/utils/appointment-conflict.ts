import { AppointmentPreconditionFailed } from '#contract/appointments';
import { ApiError } from '../../../lib/api-errors.ts';

/** What a 412 says about the appointment now: as a colleague left it, and who. */
export type AppointmentConflict = AppointmentPreconditionFailed['current'];

/** The colleague's change a move or a cancellation met, or undefined when it failed for another reason. */
export function appointmentConflictOf(error: unknown): AppointmentConflict | undefined {
  if (!(error instanceof ApiError) || error.status !== 412) return undefined;
  const parsed = AppointmentPreconditionFailed.safeParse(error.body);
  return parsed.success ? parsed.data.current : undefined;
}
