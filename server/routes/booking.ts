/**
 * Online booking on the landing page under /api/booking (issue 41; anyone may call them: contract/access.ts; the
 * answers: contract/booking-answers.ts), and a client's details an online booking keeps (staff). The visitor is the
 * connection's address (`request.ip`, behind TRUST_PROXY the client's).
 */
import { z } from 'zod';
import { ApiErrorBody, ClientIdParams } from '#contract/api';
import {
  bookingDaysAnswer,
  bookingTimesAnswer,
  cancellationAnswer,
  clientDetailsAnswer,
  holdAnswer,
  onlineBookedAnswer,
  releasedAnswer,
} from '#contract/booking-answers';
import {
  BookingDays,
  BookingDaysQuery,
  BookingOffer,
  BookingTimes,
  BookingTimesQuery,
  Cancellation,
  CancellationParams,
  ClientDetails,
  Hold,
  HoldParams,
  NewHold,
  OnlineBooked,
  OnlineBooking,
} from '#contract/online-booking';
import { sendAnswered } from '../http/answered.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';

const TOO_MANY = 'Beyond the address’s hourly limit: 429 with Retry-After (seconds).';

export const bookingRoutes: ZodPlugin = async (app) => {
  const { onlineBooking } = app;

  app.get(
    '/booking',
    {
      schema: {
        operationId: 'getBookingOffer',
        summary: 'What a visitor may book: the services offered (name order) and the members with working hours',
        response: { 200: BookingOffer },
      },
    },
    async (request, reply) => sendAnswered(app, request, reply, { status: 200, body: await onlineBooking.offer(app.salon.currency) }),
  );

  app.get(
    '/booking/days',
    {
      schema: {
        operationId: 'getBookingDays',
        summary: 'Today (the salon’s) and the next 27 days, each with whether it has a free time',
        description: '`staff` absent: anyone. Other visitors’ open holds and the past are not free.',
        querystring: BookingDaysQuery,
        response: { 200: BookingDays, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { service, staff } = request.query;
      const outcome = await onlineBooking.days(service, staff, request.ip, onlineBooking.now());
      return sendAnswered(app, request, reply, bookingDaysAnswer(outcome));
    },
  );

  app.get(
    '/booking/times',
    {
      schema: {
        operationId: 'getBookingTimes',
        summary: 'A day’s free start times for a service, with a member or anyone, every 15 minutes',
        description: 'Without the past and other visitors’ open holds (a visitor’s own stay). A day out of the 28: none.',
        querystring: BookingTimesQuery,
        response: { 200: BookingTimes, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { service, staff, date } = request.query;
      const outcome = await onlineBooking.times(service, staff, date, request.ip, onlineBooking.now());
      return sendAnswered(app, request, reply, bookingTimesAnswer(outcome));
    },
  );

  app.post(
    '/booking/holds',
    {
      schema: {
        operationId: 'holdBookingTime',
        summary: 'Hold a time for 10 minutes while the visitor types',
        description: `\`staff\` null: the first member (username order) free then. 409 when it is not free (another visitor holds it). At most 3 open holds per address. ${TOO_MANY}`,
        body: NewHold,
        response: { 201: Hold, 404: ApiErrorBody, 409: ApiErrorBody, 429: ApiErrorBody },
        responseHeaders: { 429: { 'Retry-After': true } },
      },
    },
    async (request, reply) =>
      sendAnswered(app, request, reply, holdAnswer(await onlineBooking.hold(request.body, request.ip, onlineBooking.now()))),
  );

  app.delete(
    '/booking/holds/:holdToken',
    {
      schema: {
        operationId: 'releaseBookingHold',
        summary: 'Release a hold (an unknown or expired one too)',
        params: HoldParams,
        response: { 204: z.undefined() },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => {
      await onlineBooking.release(request.params.holdToken);
      return sendAnswered(app, request, reply, releasedAnswer);
    },
  );

  app.post(
    '/booking/appointments',
    {
      schema: {
        operationId: 'bookOnline',
        summary: 'Book the held time: the visitor becomes the salon’s client (matched by email, else registered)',
        description: `The answer is the same whether the email was a client’s or not. 409 when the time is no longer free. ${TOO_MANY}`,
        body: OnlineBooking,
        response: { 201: OnlineBooked, 400: ApiErrorBody, 409: ApiErrorBody, 429: ApiErrorBody },
        responseHeaders: { 429: { 'Retry-After': true } },
      },
    },
    async (request, reply) => {
      const outcome = await onlineBooking.book(request.body, request.ip, onlineBooking.now(), onlineBooking.origin(request));
      return sendAnswered(app, request, reply, onlineBookedAnswer(outcome));
    },
  );

  app.get(
    '/booking/cancellations/:cancelToken',
    {
      schema: {
        operationId: 'getBookingCancellation',
        summary: 'The appointment a cancel link cancels, and whether it may still be cancelled online',
        description: '404 for a link unknown or used, or whose appointment is no longer booked.',
        params: CancellationParams,
        response: { 200: Cancellation, 404: ApiErrorBody },
      },
    },
    async (request, reply) =>
      sendAnswered(
        app,
        request,
        reply,
        cancellationAnswer(await onlineBooking.cancellation(request.params.cancelToken, onlineBooking.now())),
      ),
  );

  app.post(
    '/booking/cancellations/:cancelToken',
    {
      schema: {
        operationId: 'cancelBookingOnline',
        summary: 'Cancel the appointment of a cancel link: its time is free again, the link used',
        description: '409 within SALON_CANCEL_HOURS of the start; 404 as the GET.',
        params: CancellationParams,
        response: { 200: Cancellation, 404: ApiErrorBody, 409: ApiErrorBody },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) =>
      sendAnswered(app, request, reply, cancellationAnswer(await onlineBooking.cancel(request.params.cancelToken, onlineBooking.now()))),
  );

  app.get(
    '/clients/:clientId/details',
    {
      schema: {
        operationId: 'getClientDetails',
        summary: 'A client’s phone and offers consent, from online bookings (nulls when none)',
        params: ClientIdParams,
        response: { 200: ClientDetails, 404: ApiErrorBody },
      },
    },
    async (request, reply) =>
      sendAnswered(app, request, reply, clientDetailsAnswer(await onlineBooking.clientDetails(request.params.clientId))),
  );
};
