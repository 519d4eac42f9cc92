/** The book's appointments under /api (issue 40; who may call each: contract/access.ts; the answers: contract/appointments.ts). */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiErrorBody, ClientIdParams } from '#contract/api';
import {
  AppointmentHistory,
  appointmentAnswer,
  appointmentHistoryAnswer,
  AppointmentIdParams,
  AppointmentPreconditionFailed,
  availabilityAnswer,
  bookingAnswer,
  cancelledAnswer,
  clientAppointmentsAnswer,
  movedAnswer,
  restoredAnswer,
} from '#contract/appointments';
import {
  Appointment,
  AppointmentList,
  AppointmentMove,
  AppointmentsQuery,
  Availability,
  AvailabilityQuery,
  NewAppointment,
} from '#contract/book';
import { parseConditions } from '#contract/if-match';
import { sendAnswered } from '../http/answered.ts';
import { IdempotencyKeyHeaders, sendCreatedOnce } from '../http/idempotency-key.ts';
import type { SerializedBody, ZodPlugin } from '../zod-type-provider.ts';

/** Declared for the OpenAPI document; checked by parseConditions, whose 400 says what is wrong. */
const IfMatchHeaders = z.looseObject({ 'if-match': z.string().optional() });

/** Who is writing: the staff account of the session (api.ts lets no request here without one). */
const actor = (request: FastifyRequest): string => request.session?.username ?? 'unknown';

/** The request's If-Match, or its 400. */
const conditionsOf = (request: FastifyRequest) => parseConditions(request.headers['if-match'], undefined);

/** The type of a body stringified here (Fastify would call a Buffer octet-stream). */
const JSON_TYPE = 'application/json; charset=utf-8';

const refusals = { 400: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody };

export const appointmentRoutes: ZodPlugin = async (app) => {
  const { appointments } = app;

  app.get(
    '/appointments',
    {
      schema: {
        operationId: 'listAppointments',
        summary: 'The appointments of the salon’s days from `from` to `to`, cancelled ones too, in start order',
        querystring: AppointmentsQuery,
        response: { 200: AppointmentList },
      },
    },
    async (request, reply) => {
      const list = await appointments.list(request.query.from, request.query.to, request.query.staff);
      // Stringified here, not parsed by the response schema first: the repository makes each appointment field by field,
      // and the check cost 2.5 ms (p95 7.5 ms) for a week's 2,000 (decision 036; the conformance test checks the answer).
      return reply.type(JSON_TYPE).send(Buffer.from(JSON.stringify(list)) as SerializedBody<z.input<typeof AppointmentList>>);
    },
  );

  app.get(
    '/availability',
    {
      schema: {
        operationId: 'getAvailability',
        summary: 'The free start times of a service with a member on a day',
        description: '`except`: an appointment being moved leaves its own time free. A removed service has none.',
        querystring: AvailabilityQuery,
        response: { 200: Availability, 400: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { service, staff, date, except } = request.query;
      return sendAnswered(app, request, reply, availabilityAnswer(await appointments.availability(service, staff, date, except)));
    },
  );

  app.post(
    '/appointments',
    {
      schema: {
        operationId: 'bookAppointment',
        summary: 'Book an appointment',
        description:
          'The end follows from the service’s duration. 409 when the member has another appointment then, or does not ' +
          'work then, or the service was removed. Honours Idempotency-Key as POST /api/clients does.',
        headers: IdempotencyKeyHeaders,
        body: NewAppointment,
        response: { 201: Appointment, 400: ApiErrorBody, 409: ApiErrorBody, 422: ApiErrorBody },
        responseHeaders: { 201: { ETag: true, Location: true } },
      },
    },
    async (request, reply) =>
      sendCreatedOnce(app, request, reply, async (key) =>
        bookingAnswer(await appointments.book(request.body, appointments.writer(actor(request)), key), actor(request)),
      ),
  );

  app.get(
    '/appointments/:appointmentId',
    {
      schema: {
        operationId: 'getAppointment',
        summary: 'One appointment, with its version as a strong ETag',
        params: AppointmentIdParams,
        response: { 200: Appointment, 404: ApiErrorBody },
        responseHeaders: { 200: { ETag: true } },
      },
    },
    async (request, reply) => sendAnswered(app, request, reply, appointmentAnswer(await appointments.find(request.params.appointmentId))),
  );

  app.put(
    '/appointments/:appointmentId',
    {
      schema: {
        operationId: 'moveAppointment',
        summary: 'Move an appointment to another time or member',
        description: 'Keeps its length. Honours If-Match: 412 with the appointment as it is now. 409 as a booking.',
        params: AppointmentIdParams,
        headers: IfMatchHeaders,
        body: AppointmentMove,
        response: { 200: Appointment, ...refusals, 412: AppointmentPreconditionFailed },
        responseHeaders: { 200: { ETag: true } },
      },
    },
    async (request, reply) => {
      const conditions = conditionsOf(request);
      if ('status' in conditions) return sendAnswered(app, request, reply, conditions);
      const writer = appointments.writer(actor(request));
      const outcome = await appointments.move(request.params.appointmentId, request.body, writer, conditions.ifMatch);
      return sendAnswered(app, request, reply, movedAnswer(outcome, actor(request)));
    },
  );

  app.delete(
    '/appointments/:appointmentId',
    {
      schema: {
        operationId: 'cancelAppointment',
        summary: 'Cancel an appointment: its time is free again',
        description: 'Answers the appointment, cancelled. Honours If-Match: 412 with the appointment as it is now.',
        params: AppointmentIdParams,
        headers: IfMatchHeaders,
        response: { 200: Appointment, 400: ApiErrorBody, 404: ApiErrorBody, 412: AppointmentPreconditionFailed },
        responseHeaders: { 200: { ETag: true } },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => {
      const conditions = conditionsOf(request);
      if ('status' in conditions) return sendAnswered(app, request, reply, conditions);
      const writer = appointments.writer(actor(request));
      const outcome = await appointments.cancel(request.params.appointmentId, writer, conditions.ifMatch);
      return sendAnswered(app, request, reply, cancelledAnswer(outcome, actor(request)));
    },
  );

  app.post(
    '/appointments/:appointmentId/restore',
    {
      schema: {
        operationId: 'restoreAppointment',
        summary: 'Undo a cancellation',
        description: '409 when the member has another appointment at its time since.',
        params: AppointmentIdParams,
        response: { 200: Appointment, 404: ApiErrorBody, 409: ApiErrorBody },
        responseHeaders: { 200: { ETag: true } },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => {
      const outcome = await appointments.restore(request.params.appointmentId, appointments.writer(actor(request)));
      return sendAnswered(app, request, reply, restoredAnswer(outcome, actor(request)));
    },
  );

  app.get(
    '/appointments/:appointmentId/history',
    {
      schema: {
        operationId: 'getAppointmentHistory',
        summary: 'An appointment’s changes (booked, moved, cancelled, restored, its client changed), newest first',
        params: AppointmentIdParams,
        response: { 200: AppointmentHistory, 404: ApiErrorBody },
      },
    },
    async (request, reply) =>
      sendAnswered(app, request, reply, appointmentHistoryAnswer(await appointments.history(request.params.appointmentId))),
  );

  app.get(
    '/clients/:clientId/appointments',
    {
      schema: {
        operationId: 'listClientAppointments',
        summary: 'A client’s appointments: upcoming first (soonest first), then past (newest first)',
        params: ClientIdParams,
        response: { 200: AppointmentList, 404: ApiErrorBody },
      },
    },
    async (request, reply) =>
      sendAnswered(
        app,
        request,
        reply,
        clientAppointmentsAnswer(await appointments.forClient(request.params.clientId, appointments.now())),
      ),
  );
};
