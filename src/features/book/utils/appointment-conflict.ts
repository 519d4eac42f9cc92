import { z } from 'zod';
import { Appointment } from '#contract/book';
import { ApiError } from '../../../lib/api-errors.ts';

// TODO(merge): the 412's shape, from #contract/appointments (helper H2's AppointmentPreconditionFailed) once on main.
const AppointmentPreconditionFailed = z.object({
  message: z.string(),
  current: z.object({ appointment: Appointment, changedBy: z.string() }),
});

/** What a 412 says about the appointment now: as a colleague left it, and who. */
export type AppointmentConflict = z.infer<typeof AppointmentPreconditionFailed>['current'];

/** The colleague's change a move or a cancellation met, or undefined when it failed for another reason. */
export function appointmentConflictOf(error: unknown): AppointmentConflict | undefined {
  if (!(error instanceof ApiError) || error.status !== 412) return undefined;
  const parsed = AppointmentPreconditionFailed.safeParse(error.body);
  return parsed.success ? parsed.data.current : undefined;
}
