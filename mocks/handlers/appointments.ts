/** The book's appointments in the mock (issue 40): the server's repository on the mock's store, the contract's answers. */
import { ClientIdParams } from '#contract/api';
import * as answers from '#contract/appointments';
import { AppointmentMove, AppointmentsQuery, AvailabilityQuery, NewAppointment } from '#contract/book';
import { idempotencyKeyOf } from '#contract/idempotency-key';
import { parseConditions } from '#contract/if-match';
import { mockDb } from '../db.ts';
import { respond, route } from './respond.ts';

const byId = { params: answers.AppointmentIdParams };
/** The request's If-Match, or its 400. */
const conditionsOf = (request: Request) => parseConditions(request.headers.get('If-Match'), undefined);

export const appointmentHandlers = [
  route('GET /api/appointments', { query: AppointmentsQuery }, async ({ request, query }) =>
    respond(request, { status: 200, body: await mockDb.listAppointments(query.from, query.to, query.staff) }),
  ),
  route('GET /api/availability', { query: AvailabilityQuery }, async ({ request, query: { service, staff, date, except } }) =>
    respond(request, answers.availabilityAnswer(await mockDb.availability(service, staff, date, except))),
  ),
  route('POST /api/appointments', { body: NewAppointment }, async ({ request, body }) => {
    const key = idempotencyKeyOf(request.headers.get('Idempotency-Key'));
    if (typeof key === 'object') return respond(request, key);
    return respond(request, answers.bookingAnswer(await mockDb.book(body, key), mockDb.sessionUser()));
  }),
  route('GET /api/appointments/:appointmentId', byId, async ({ request, params }) =>
    respond(request, answers.appointmentAnswer(await mockDb.findAppointment(params.appointmentId))),
  ),
  route('PUT /api/appointments/:appointmentId', { ...byId, body: AppointmentMove }, async ({ request, params, body }) => {
    const conditions = conditionsOf(request);
    if ('status' in conditions) return respond(request, conditions);
    const outcome = await mockDb.moveAppointment(params.appointmentId, body, conditions.ifMatch);
    return respond(request, answers.movedAnswer(outcome, mockDb.sessionUser()));
  }),
  route('DELETE /api/appointments/:appointmentId', byId, async ({ request, params }) => {
    const conditions = conditionsOf(request);
    if ('status' in conditions) return respond(request, conditions);
    const outcome = await mockDb.cancelAppointment(params.appointmentId, conditions.ifMatch);
    return respond(request, answers.cancelledAnswer(outcome, mockDb.sessionUser()));
  }),
  route('POST /api/appointments/:appointmentId/restore', byId, async ({ request, params }) =>
    respond(request, answers.restoredAnswer(await mockDb.restoreAppointment(params.appointmentId), mockDb.sessionUser())),
  ),
  route('GET /api/appointments/:appointmentId/history', byId, async ({ request, params }) =>
    respond(request, answers.appointmentHistoryAnswer(await mockDb.appointmentHistory(params.appointmentId))),
  ),
  route('GET /api/clients/:clientId/appointments', { params: ClientIdParams }, async ({ request, params }) =>
    respond(request, answers.clientAppointmentsAnswer(await mockDb.clientAppointments(params.clientId))),
  ),
];
