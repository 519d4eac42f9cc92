/**
 * The appointments' answers (issue 40), written once for the server's routes and the mock's handlers (decision 036):
 * what each outcome of a booking, a move, a cancellation and its undo answers, and the audit entries each adds; and
 * the shapes only these routes send (an appointment's history, its 412). The rules and the API's other shapes are in
 * book.ts.
 */
import { z } from 'zod';
import type { ApiErrorBody } from './api.ts';
import { bookTexts } from './book-texts.ts';
import { Appointment, salonDateTime } from './book.ts';
import { refusal, type Answered, type AuditRecord } from './http.ts';
import {
  clientNotFound,
  clientNotFoundMessage,
  deletedAnswer,
  restoredAnswer as clientRestored,
  versionEtag,
  type IfMatch,
  type VersionedClient,
  type WriteOutcome,
} from './if-match.ts';
import { apiPaths } from './paths.ts';

export const AppointmentIdParams = z.object({ appointmentId: z.string().min(1).max(64) });

/** `client-changed`: a merge, its undo, or the client's erasure gave it another client or none; nothing else changed. */
export const AppointmentChangeKind = z.enum(['booked', 'moved', 'cancelled', 'restored', 'client-changed']);
export type AppointmentChangeKind = z.infer<typeof AppointmentChangeKind>;

/** What an entry of an appointment's history records of it: no client, nothing that names a person but the member. */
export const AppointmentState = Appointment.pick({ staff: true, start: true, end: true, status: true });
export type AppointmentState = z.infer<typeof AppointmentState>;

/** One write of an appointment: who, when, and its member, times and status before (null when booked) and after. */
export const AppointmentChange = z.object({
  seq: z.number().int(),
  appointmentId: z.string(),
  version: z.number().int().positive(),
  kind: AppointmentChangeKind,
  by: z.string(),
  at: z.iso.datetime({ offset: true }),
  before: AppointmentState.nullable(),
  after: AppointmentState,
});
export type AppointmentChange = z.infer<typeof AppointmentChange>;
/**
 * The `appointment` event of GET /api/events (contract/event-stream.ts): which appointment, what happened, who and
 * when; a screen asks for what it shows of the book again.
 */
export const AppointmentEvent = AppointmentChange.pick({ appointmentId: true, kind: true, by: true, at: true });
export type AppointmentEvent = z.infer<typeof AppointmentEvent>;

/** GET /api/appointments/{id}/history: newest first. */
export const AppointmentHistory = z.array(AppointmentChange);

/** The 412 of a move or a cancellation, as a client's: the message, and the appointment as it is now with its last change. */
export const AppointmentPreconditionFailed = z.object({
  message: z.string(),
  current: z.object({
    appointment: Appointment,
    version: z.number().int().positive(),
    kind: AppointmentChangeKind,
    changedBy: z.string(),
    changedAt: z.iso.datetime({ offset: true }),
  }),
});
export type AppointmentPreconditionFailed = z.infer<typeof AppointmentPreconditionFailed>;

export const appointmentTexts = {
  notFound: 'Appointment not found',
  changedSince: 'The appointment was changed since you read it',
  clientNotFound: clientNotFoundMessage,
  serviceNotFound: 'Service not found',
  staffNotFound: 'Staff member not found',
  serviceRemoved: 'This service is no longer offered.',
  cancelledNotMoved: 'A cancelled appointment cannot be moved.',
  keyReused: 'This Idempotency-Key was sent before with another appointment',
} as const;

/** Why the book refused a time: the member is not working then, or has another appointment then. */
type TimeRefused = { status: 'not-working'; staff: string } | { status: 'taken'; staff: string };
/** What the request named that is not there (400), or a service no longer offered. */
type NotThere = { status: 'unknown-client' } | { status: 'unknown-service' } | { status: 'unknown-staff' } | { status: 'service-removed' };
type Missing = { status: 'not-found' };
type Stale = { status: 'stale'; current: AppointmentPreconditionFailed['current'] };
/** A write that was done (or had been), and the appointment it left. */
type Done<S extends string> = S extends string ? { status: S; appointment: Appointment } : never;

/** POST /api/appointments: booked now, the same key's booking again, or why not. */
export type BookingOutcome = Done<'booked' | 'replayed'> | { status: 'key-reused' } | NotThere | TimeRefused;
/** PUT /api/appointments/{id}: "Move". */
export type MoveOutcome = Done<'moved'> | { status: 'was-cancelled' } | Missing | Stale | NotThere | TimeRefused;
/** DELETE /api/appointments/{id}: cancelled now, or already (`unchanged`). */
export type CancelOutcome = Done<'cancelled' | 'unchanged'> | Missing | Stale;
/** POST /api/appointments/{id}/restore: booked again, or already booked (`unchanged`). */
export type RestoreOutcome = Done<'restored' | 'unchanged'> | Missing | TimeRefused;
/** GET /api/availability. */
export type AvailabilityOutcome =
  { status: 'found'; date: string; starts: string[] } | { status: 'unknown-service' } | { status: 'unknown-staff' };

type AppointmentAnswer = Answered<Appointment | ApiErrorBody | AppointmentPreconditionFailed>;

/** An appointment with its ETag (its version, as a client's). */
const withEtag = (appointment: Appointment, status = 200): Answered<Appointment> => ({
  status,
  body: appointment,
  headers: { ETag: versionEtag(appointment.version) },
});

/** The audit entry of a write of an appointment: the appointment, and its member and start. */
const auditEntry = (kind: AuditRecord['kind'], actor: string, { id, staff, start }: Pick<Appointment, 'id' | 'staff' | 'start'>) => ({
  kind,
  actor,
  subject: id,
  detail: `${staff} ${start}`,
});

const audited = (answered: Answered<Appointment>, kind: AuditRecord['kind'], actor: string): Answered<Appointment> => ({
  ...answered,
  audit: [auditEntry(kind, actor, answered.body)],
});

/** The refusals every write of a time shares. */
function refused(outcome: NotThere | TimeRefused | Missing | Stale | { status: 'was-cancelled' } | { status: 'key-reused' }) {
  switch (outcome.status) {
    case 'unknown-client':
      return refusal(400, appointmentTexts.clientNotFound);
    case 'unknown-service':
      return refusal(400, appointmentTexts.serviceNotFound);
    case 'unknown-staff':
      return refusal(400, appointmentTexts.staffNotFound);
    case 'service-removed':
      return refusal(409, appointmentTexts.serviceRemoved);
    case 'not-working':
      return refusal(409, bookTexts.notWorking(outcome.staff));
    case 'taken':
      return refusal(409, bookTexts.alreadyBooked(outcome.staff));
    case 'not-found':
      return refusal(404, appointmentTexts.notFound);
    case 'stale':
      return { status: 412, body: { message: appointmentTexts.changedSince, current: outcome.current } };
    case 'was-cancelled':
      return refusal(409, appointmentTexts.cancelledNotMoved);
    case 'key-reused':
      return refusal(422, appointmentTexts.keyReused);
  }
}

/** POST /api/appointments: 201 with the appointment, its ETag and Location (a replay too, recorded once); else why not. */
export function bookingAnswer(outcome: BookingOutcome, actor: string): AppointmentAnswer {
  if (outcome.status !== 'booked' && outcome.status !== 'replayed') return refused(outcome);
  const answered = withEtag(outcome.appointment, 201);
  const located = { ...answered, headers: { ...answered.headers, Location: apiPaths.appointment(outcome.appointment.id) } };
  return outcome.status === 'booked' ? audited(located, 'appointment-booked', actor) : located;
}

/** GET /api/appointments/{id}: the appointment with its ETag, or 404. */
export const appointmentAnswer = (appointment: Appointment | undefined): AppointmentAnswer =>
  appointment ? withEtag(appointment) : refused({ status: 'not-found' });

/** PUT /api/appointments/{id}: moved, with its new ETag; 404, 412, 400 or 409 otherwise. */
export const movedAnswer = (outcome: MoveOutcome, actor: string): AppointmentAnswer =>
  outcome.status === 'moved' ? audited(withEtag(outcome.appointment), 'appointment-moved', actor) : refused(outcome);

/** DELETE /api/appointments/{id}: the appointment, cancelled (recorded when it was cancelled now); 404 or 412. */
export function cancelledAnswer(outcome: CancelOutcome, actor: string): AppointmentAnswer {
  if (outcome.status === 'unchanged') return withEtag(outcome.appointment);
  return outcome.status === 'cancelled' ? audited(withEtag(outcome.appointment), 'appointment-cancelled', actor) : refused(outcome);
}

/** POST /api/appointments/{id}/restore: booked again (recorded when it was restored now); 404, or 409 when its time was taken. */
export function restoredAnswer(outcome: RestoreOutcome, actor: string): AppointmentAnswer {
  if (outcome.status === 'unchanged') return withEtag(outcome.appointment);
  return outcome.status === 'restored' ? audited(withEtag(outcome.appointment), 'appointment-restored', actor) : refused(outcome);
}

/** GET /api/appointments/{id}/history: newest first, or 404. */
export const appointmentHistoryAnswer = (history: AppointmentChange[] | undefined): Answered<AppointmentChange[] | ApiErrorBody> =>
  history ? { status: 200, body: history } : refused({ status: 'not-found' });

/** GET /api/availability: the free start times, or 400 for a service or member that is not there. */
export const availabilityAnswer = (outcome: AvailabilityOutcome): Answered<{ date: string; starts: string[] } | ApiErrorBody> =>
  outcome.status === 'found' ? { status: 200, body: { date: outcome.date, starts: outcome.starts } } : refused(outcome);

/** GET /api/clients/{id}/appointments: upcoming first, then past; 404 for a client that is not there. */
export const clientAppointmentsAnswer = (appointments: Appointment[] | undefined): Answered<Appointment[] | ApiErrorBody> =>
  appointments ? { status: 200, body: appointments } : clientNotFound();

/** An appointment a client's deletion cancelled, or its restore booked again: its id, member and start (epoch ms). */
type WithClient = { id: string; state: { staff: string; start: number } };

/** `answered` with an audit entry for each appointment `written` with the client, as a member's cancel or its undo adds. */
function withClientAudited<B>(
  answered: Answered<B>,
  kind: 'appointment-cancelled' | 'appointment-restored',
  written: readonly WithClient[],
  actor: string,
  zone: string,
): Answered<B> {
  const entries = written.map(({ id, state }) =>
    auditEntry(kind, actor, { id, staff: state.staff, start: salonDateTime(state.start, zone) }),
  );
  return entries.length === 0 ? answered : { ...answered, audit: [...(answered.audit ?? []), ...entries] };
}

/** DELETE /api/clients/{id}: as deletedAnswer, and an audit entry for each upcoming appointment it cancelled. */
export function clientDeletedAnswer(
  outcome: WriteOutcome<{ cancelled: readonly WithClient[] }>,
  ifMatch: IfMatch,
  actor: string,
  zone: string,
) {
  const answered = deletedAnswer(outcome, ifMatch);
  return outcome.status === 'written'
    ? withClientAudited(answered, 'appointment-cancelled', outcome.value.cancelled, actor, zone)
    : answered;
}

/** POST /api/clients/{id}/restore: as a client's restore, and an audit entry for each appointment booked again. */
export function clientRestoredAnswer(
  restored: (VersionedClient & { restored: readonly WithClient[] }) | undefined,
  actor: string,
  zone: string,
) {
  const answered = clientRestored(restored);
  return restored ? withClientAudited(answered, 'appointment-restored', restored.restored, actor, zone) : answered;
}
