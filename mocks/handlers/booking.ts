/** Online booking on the landing page in the mock (issue 41): the server's repository on the mock's store, the contract's answers. */
import { ClientIdParams } from '#contract/api';
import * as answers from '#contract/booking-answers';
import { BookingDaysQuery, BookingTimesQuery, CancellationParams, HoldParams, NewHold, OnlineBooking } from '#contract/online-booking';
import { mockDb } from '../db.ts';
import { respond, route } from './respond.ts';

const byToken = { params: CancellationParams };

export const bookingHandlers = [
  route('GET /api/booking', async ({ request }) => respond(request, { status: 200, body: await mockDb.bookingOffer() })),
  route('GET /api/booking/days', { query: BookingDaysQuery }, async ({ request, query }) =>
    respond(request, answers.bookingDaysAnswer(await mockDb.bookingDays(query.service, query.staff))),
  ),
  route('GET /api/booking/times', { query: BookingTimesQuery }, async ({ request, query }) =>
    respond(request, answers.bookingTimesAnswer(await mockDb.bookingTimes(query.service, query.staff, query.date))),
  ),
  route('POST /api/booking/holds', { body: NewHold }, async ({ request, body }) =>
    respond(request, answers.holdAnswer(await mockDb.hold(body))),
  ),
  route('DELETE /api/booking/holds/:holdToken', { params: HoldParams }, async ({ request, params }) => {
    await mockDb.releaseHold(params.holdToken);
    return respond(request, answers.releasedAnswer);
  }),
  route('POST /api/booking/appointments', { body: OnlineBooking }, async ({ request, body }) =>
    respond(request, answers.onlineBookedAnswer(await mockDb.bookOnline(body, new URL(request.url).origin))),
  ),
  route('GET /api/booking/cancellations/:cancelToken', byToken, async ({ request, params }) =>
    respond(request, answers.cancellationAnswer(await mockDb.bookingCancellation(params.cancelToken))),
  ),
  route('POST /api/booking/cancellations/:cancelToken', byToken, async ({ request, params }) =>
    respond(request, answers.cancellationAnswer(await mockDb.cancelOnline(params.cancelToken))),
  ),
  route('GET /api/clients/:clientId/details', { params: ClientIdParams }, async ({ request, params }) =>
    respond(request, answers.clientDetailsAnswer(await mockDb.clientDetails(params.clientId))),
  ),
];
