// A simulated colleague: another staff member writing to the mock store, so that a tester can produce a conflict
// (the next Update meets a 412) or a client deleted under someone's feet on purpose (DESIGN.md, "Beyond the spec"),
// or watch a booking, a move or a cancellation reach an open calendar (issue 40).
// From the console (`salonMock.colleague`) and the panel (mocks/mock-panel.ts).
import { ClientInput, describeValidationError, type Client, type ClientInputBody } from '#contract/api';
import { AppointmentMove, NewAppointment, type Appointment } from '#contract/book';
import { mockDb } from './db.ts';

/** The colleague's staff account: the `by` of their changes in the history and in a 412's `changedBy`. */
const COLLEAGUE = 'colleague';

export const colleague = {
  /**
   * Changes some of a live client's fields, as PUT would (validated by the contract; a new version, an "updated"
   * entry by "colleague"); the client as it now is. Throws for an unknown or deleted client, or invalid fields.
   */
  async update(clientId: string, fields: Partial<ClientInputBody>): Promise<Client> {
    const current = await mockDb.findClient(clientId);
    if (!current) throw new Error(`The colleague found no client ${clientId} to update`);
    const { _id: _ignored, ...currentFields } = current;
    const input = ClientInput.safeParse({ ...currentFields, ...fields });
    if (!input.success) throw new Error(describeValidationError(input.error));
    const outcome = await mockDb.updateClient(clientId, input.data, COLLEAGUE);
    if (outcome.status !== 'written') throw new Error(`The colleague found no client ${clientId} to update`);
    return outcome.value.client;
  },

  /** Registers a client, as POST would (validated by the contract; version 1, a "registered" entry by "colleague"). */
  async create(fields: ClientInputBody): Promise<Client> {
    const input = ClientInput.safeParse(fields);
    if (!input.success) throw new Error(describeValidationError(input.error));
    return (await mockDb.createClient(input.data, COLLEAGUE)).client;
  },

  /** Moves a live client to "Recently deleted", as DELETE would; false when there is no such live client. */
  async delete(clientId: string): Promise<boolean> {
    return (await mockDb.deleteClient(clientId, COLLEAGUE)).status === 'written';
  },

  /** Books an appointment, as POST /api/appointments would (the book's rules; a "booked" entry by "colleague"). */
  async book(request: NewAppointment): Promise<Appointment> {
    return done(await mockDb.book(NewAppointment.parse(request), undefined, COLLEAGUE), 'book');
  },

  /** Moves an appointment, as PUT would without If-Match; the appointment as it now is. */
  async move(appointmentId: string, move: AppointmentMove): Promise<Appointment> {
    return done(await mockDb.moveAppointment(appointmentId, AppointmentMove.parse(move), undefined, COLLEAGUE), 'move');
  },

  /** Cancels an appointment, as DELETE would without If-Match; the appointment as it now is. */
  async cancel(appointmentId: string): Promise<Appointment> {
    return done(await mockDb.cancelAppointment(appointmentId, undefined, COLLEAGUE), 'cancel');
  },
};

/** The appointment a write of the book made; throws with the refusal's status (taken, not working, not there…). */
function done(outcome: { status: string; appointment?: Appointment }, what: string): Appointment {
  if (!outcome.appointment) throw new Error(`The colleague could not ${what} the appointment: ${outcome.status}`);
  return outcome.appointment;
}
