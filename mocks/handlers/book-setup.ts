// The book's setup (issue 40) in the mock: the salon's settings, services, working hours and time off, answered by the
// server's operations (contract/book-setup.ts) on its repositories (decision 037).
import { NewTimeOff, ServiceFields, WorkingHours } from '#contract/book';
import { salonAnswer } from '#contract/book-setup';
import { mockDb } from '../db.ts';
import { respond, route } from './respond.ts';

const me = () => mockDb.sessionUser();

export const bookSetupHandlers = [
  route('GET /api/salon', ({ request }) => respond(request, salonAnswer(mockDb.salon()))),

  route('GET /api/services', async ({ request }) => respond(request, await mockDb.readBook((setup) => setup.listServices()))),
  route('POST /api/services', { body: ServiceFields }, async ({ request, body }) =>
    respond(request, await mockDb.writeBook((setup) => setup.addService(me(), body))),
  ),
  route('PUT /api/services/:serviceId', { body: ServiceFields }, async ({ request, params, body }) =>
    respond(request, await mockDb.writeBook((setup) => setup.changeService(me(), String(params.serviceId), body))),
  ),
  route('DELETE /api/services/:serviceId', async ({ request, params }) =>
    respond(request, await mockDb.writeBook((setup) => setup.removeService(me(), String(params.serviceId)))),
  ),

  route('GET /api/schedules', async ({ request }) => respond(request, await mockDb.readBook((setup) => setup.listSchedules()))),

  route('GET /api/account/hours', async ({ request }) => respond(request, await mockDb.readBook((setup) => setup.scheduleOf(me())))),
  route('PUT /api/account/hours', { body: WorkingHours }, async ({ request, body }) =>
    respond(request, await mockDb.writeBook((setup) => setup.setHours(me(), me(), body))),
  ),
  route('POST /api/account/time-off', { body: NewTimeOff }, async ({ request, body }) =>
    respond(request, await mockDb.writeBook((setup) => setup.addTimeOff(me(), me(), body))),
  ),
  route('DELETE /api/account/time-off/:timeOffId', async ({ request, params }) =>
    respond(request, await mockDb.writeBook((setup) => setup.removeTimeOff(me(), me(), String(params.timeOffId)))),
  ),

  route('GET /api/staff/:username/hours', async ({ request, params }) =>
    respond(request, await mockDb.readBook((setup) => setup.scheduleOf(String(params.username)))),
  ),
  route('PUT /api/staff/:username/hours', { body: WorkingHours }, async ({ request, params, body }) =>
    respond(request, await mockDb.writeBook((setup) => setup.setHours(me(), String(params.username), body))),
  ),
  route('POST /api/staff/:username/time-off', { body: NewTimeOff }, async ({ request, params, body }) =>
    respond(request, await mockDb.writeBook((setup) => setup.addTimeOff(me(), String(params.username), body))),
  ),
  route('DELETE /api/staff/:username/time-off/:timeOffId', async ({ request, params }) =>
    respond(request, await mockDb.writeBook((setup) => setup.removeTimeOff(me(), String(params.username), String(params.timeOffId)))),
  ),
];
