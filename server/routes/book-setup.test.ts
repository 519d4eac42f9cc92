/**
 * The book's setup (issue 40): the salon's settings, the services, and working hours and time off (a member's own, and
 * an owner's for anyone), each change in the audit trail. Who may call each route: roles.test.ts. Runs on SQLite and
 * on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { NO_HOURS, type MemberSchedule, type Service, type TimeOff } from '#contract/book';
import { NO_SUCH_SERVICE, NO_SUCH_TIME_OFF } from '#contract/book-setup';
import { apiPaths } from '#contract/paths';
import { NO_SUCH_ACCOUNT } from '#contract/team';
import { asStaff, asStaffMember, loggedIn, STAFF, STAFF_MEMBER, type LoggedInApp } from '../testing/test-app.ts';

const haircut = { name: 'Haircut and styling', durationMinutes: 60, price: 4500 };
const WEEK = { ...NO_HOURS, tuesday: { from: '09:00', to: '18:00' }, saturday: { from: '10:00', to: '14:00' } };

async function auditEntries(test: LoggedInApp) {
  return test.app.db
    .selectFrom('audit_entries')
    .select(['kind', 'actor', 'subject', 'detail'])
    .where('kind', 'not in', ['sign-in'])
    .orderBy('seq')
    .execute();
}

async function addService(test: LoggedInApp, fields: object = haircut): Promise<Service> {
  const response = await asStaff(test, 'POST', apiPaths.services, { payload: fields });
  expect(response.statusCode).toBe(201);
  return response.json<Service>();
}

describe('GET /api/salon', () => {
  it('answers the salon’s time zone and currency, without a session', async () => {
    const test = await loggedIn({ config: { salon: { timeZone: 'Europe/London', currency: 'GBP' } } });
    const response = await test.app.inject({ method: 'GET', url: apiPaths.salon });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ timeZone: 'Europe/London', currency: 'GBP' });
  });

  it('is the server’s own time zone and euros by default', async () => {
    const test = await loggedIn();
    expect((await test.app.inject({ method: 'GET', url: apiPaths.salon })).json()).toEqual({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      currency: 'EUR',
    });
  });
});

describe('services', () => {
  it('adds, changes and removes one (it stays listed, removed), in name order, each in the audit trail', async () => {
    const owner = await loggedIn();
    const colour = await addService(owner, { name: 'Hair colour', durationMinutes: 120, price: null });
    const cut = await addService(owner);
    expect(cut).toEqual({ ...haircut, id: expect.stringMatching(/^[0-9a-f-]{36}$/), removed: false });

    const changed = await asStaff(owner, 'PUT', apiPaths.service(cut.id), { payload: { ...haircut, durationMinutes: 45 } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...cut, durationMinutes: 45 });

    const removed = await asStaff(owner, 'DELETE', apiPaths.service(colour.id));
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    // Again: still removed, and nothing more in the trail.
    expect((await asStaff(owner, 'DELETE', apiPaths.service(colour.id))).statusCode).toBe(204);

    const list = await asStaff(owner, 'GET', apiPaths.services);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json()).toEqual([
      { ...colour, removed: true },
      { ...cut, durationMinutes: 45 },
    ]);
    expect(await owner.app.services.find(colour.id)).toEqual({ ...colour, removed: true });
    expect(await auditEntries(owner)).toEqual([
      { kind: 'service-added', actor: STAFF.username, subject: colour.id, detail: 'Hair colour' },
      { kind: 'service-added', actor: STAFF.username, subject: cut.id, detail: 'Haircut and styling' },
      { kind: 'service-changed', actor: STAFF.username, subject: cut.id, detail: 'Haircut and styling' },
      { kind: 'service-removed', actor: STAFF.username, subject: colour.id, detail: 'Hair colour' },
    ]);
  });

  it('refuses what the form would refuse, naming the field, and an unknown service with 404', async () => {
    const owner = await loggedIn();
    for (const [fields, message] of [
      [{ ...haircut, name: ' ' }, 'Enter the service name.'],
      [{ ...haircut, durationMinutes: 62 }, 'Use 5 to 480 minutes, in steps of 5.'],
      [{ ...haircut, durationMinutes: 485 }, 'Use 5 to 480 minutes, in steps of 5.'],
      [{ ...haircut, price: 100_000_000 }, 'Use an amount such as 35 or 35.50.'],
    ] as const) {
      const response = await asStaff(owner, 'POST', apiPaths.services, { payload: fields });
      expect([response.statusCode, response.json<{ message: string }>().message]).toEqual([400, expect.stringContaining(message)]);
    }
    expect((await asStaff(owner, 'POST', apiPaths.services, { payload: { ...haircut, extra: 1 } })).statusCode).toBe(400);
    const unknown = await asStaff(owner, 'PUT', apiPaths.service('none'), { payload: haircut });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: NO_SUCH_SERVICE }]);
    expect((await asStaff(owner, 'DELETE', apiPaths.service('none'))).json()).toEqual({ message: NO_SUCH_SERVICE });
    expect((await asStaff(owner, 'GET', apiPaths.services)).json()).toEqual([]);
    expect(await auditEntries(owner)).toEqual([]);
  });

  it('lets staff read them, not change them', async () => {
    const owner = await loggedIn();
    const staff = await asStaffMember(owner);
    const cut = await addService(owner);
    expect((await asStaff(staff, 'GET', apiPaths.services)).json()).toEqual([cut]);
    expect((await asStaff(staff, 'PUT', apiPaths.service(cut.id), { payload: { ...haircut, price: 1 } })).statusCode).toBe(403);
    expect((await asStaff(staff, 'DELETE', apiPaths.service(cut.id))).statusCode).toBe(403);
    expect((await asStaff(owner, 'GET', apiPaths.services)).json()).toEqual([cut]);
  });
});

describe('working hours and time off', () => {
  it('sets a member’s own week and time off, and lists every active member’s schedule', async () => {
    const owner = await loggedIn();
    const staff = await asStaffMember(owner);
    const own = await asStaff(staff, 'GET', apiPaths.accountHours);
    expect([own.statusCode, own.json(), own.headers['cache-control']]).toEqual([
      200,
      { username: STAFF_MEMBER.username, hours: NO_HOURS, timeOff: [] },
      'no-store',
    ]);

    const saved = await asStaff(staff, 'PUT', apiPaths.accountHours, { payload: WEEK });
    expect([saved.statusCode, saved.json()]).toEqual([200, { username: STAFF_MEMBER.username, hours: WEEK, timeOff: [] }]);
    const added = await asStaff(staff, 'POST', apiPaths.accountTimeOff, { payload: { first: '2025-12-24', last: '2025-12-26' } });
    expect(added.statusCode).toBe(201);
    const timeOff = added.json<TimeOff>();
    expect(timeOff).toEqual({ id: expect.any(String), first: '2025-12-24', last: '2025-12-26' });
    const day = (
      await asStaff(staff, 'POST', apiPaths.accountTimeOff, { payload: { first: '2025-12-01', last: '2025-12-01' } })
    ).json<TimeOff>();

    const schedules = await asStaff(owner, 'GET', apiPaths.schedules);
    expect(schedules.json<MemberSchedule[]>()).toEqual([
      { username: STAFF.username, hours: NO_HOURS, timeOff: [] },
      { username: STAFF_MEMBER.username, hours: WEEK, timeOff: [day, timeOff] },
    ]);
    expect(await owner.app.schedules.scheduleOf(STAFF_MEMBER.username)).toEqual(schedules.json<MemberSchedule[]>()[1]);

    expect((await asStaff(staff, 'DELETE', apiPaths.accountTimeOffEntry(timeOff.id))).statusCode).toBe(204);
    const again = await asStaff(staff, 'DELETE', apiPaths.accountTimeOffEntry(timeOff.id));
    expect([again.statusCode, again.json()]).toEqual([404, { message: NO_SUCH_TIME_OFF }]);
    expect((await asStaff(staff, 'GET', apiPaths.accountHours)).json<MemberSchedule>().timeOff).toEqual([day]);

    const member = STAFF_MEMBER.username;
    expect(await auditEntries(owner)).toEqual([
      { kind: 'hours-changed', actor: member, subject: member, detail: 'tuesday 09:00–18:00, saturday 10:00–14:00' },
      { kind: 'time-off-added', actor: member, subject: member, detail: '2025-12-24 to 2025-12-26' },
      { kind: 'time-off-added', actor: member, subject: member, detail: '2025-12-01' },
      { kind: 'time-off-removed', actor: member, subject: member, detail: '2025-12-24 to 2025-12-26' },
    ]);
  });

  it('lets an owner set anyone’s, recorded as the owner’s; 404 for an unknown account or time off', async () => {
    const owner = await loggedIn();
    const staff = await asStaffMember(owner);
    const url = apiPaths.staffHours('SAM');
    expect((await asStaff(owner, 'PUT', url, { payload: WEEK })).json()).toEqual({ username: 'sam', hours: WEEK, timeOff: [] });
    expect((await asStaff(owner, 'PUT', url, { payload: NO_HOURS })).json<MemberSchedule>().hours).toEqual(NO_HOURS);
    const added = await asStaff(owner, 'POST', apiPaths.staffTimeOff('sam'), { payload: { first: '2025-08-01', last: '2025-08-14' } });
    const timeOff = added.json<TimeOff>();
    expect((await asStaff(owner, 'GET', url)).json()).toEqual({ username: 'sam', hours: NO_HOURS, timeOff: [timeOff] });
    // Not the owner's own: the owner's account has none by that id.
    expect((await asStaff(owner, 'DELETE', apiPaths.accountTimeOffEntry(timeOff.id))).statusCode).toBe(404);
    expect((await asStaff(owner, 'DELETE', apiPaths.staffTimeOffEntry('nina', timeOff.id))).statusCode).toBe(404);
    expect((await asStaff(owner, 'DELETE', apiPaths.staffTimeOffEntry('sam', timeOff.id))).statusCode).toBe(204);
    expect((await asStaff(staff, 'GET', apiPaths.accountHours)).json<MemberSchedule>().timeOff).toEqual([]);

    for (const [method, path, payload] of [
      ['GET', apiPaths.staffHours('nobody'), undefined],
      ['PUT', apiPaths.staffHours('nobody'), WEEK],
      ['POST', apiPaths.staffTimeOff('nobody'), { first: '2025-08-01', last: '2025-08-01' }],
      ['DELETE', apiPaths.staffTimeOffEntry('nobody', timeOff.id), undefined],
    ] as const) {
      const response = await asStaff(owner, method, path, payload ? { payload } : {});
      expect([method, response.statusCode, response.json()]).toEqual([method, 404, { message: NO_SUCH_ACCOUNT }]);
    }
    expect((await auditEntries(owner)).map(({ kind, actor, subject, detail }) => [kind, actor, subject, detail])).toEqual([
      ['hours-changed', STAFF.username, 'sam', 'tuesday 09:00–18:00, saturday 10:00–14:00'],
      ['hours-changed', STAFF.username, 'sam', 'none'],
      ['time-off-added', STAFF.username, 'sam', '2025-08-01 to 2025-08-14'],
      ['time-off-removed', STAFF.username, 'sam', '2025-08-01 to 2025-08-14'],
    ]);
  });

  it('refuses hours that end before they start, a time that is none, and time off that ends before it begins', async () => {
    const owner = await loggedIn();
    for (const [hours, message] of [
      [{ ...NO_HOURS, monday: { from: '18:00', to: '09:00' } }, 'The end must be after the start.'],
      [{ ...NO_HOURS, monday: { from: '9:00', to: '18:00' } }, 'Use a time as HH:MM, e.g. 09:00.'],
      [{ monday: null }, ''],
    ] as const) {
      const response = await asStaff(owner, 'PUT', apiPaths.accountHours, { payload: hours });
      expect([response.statusCode, response.json<{ message: string }>().message]).toEqual([400, expect.stringContaining(message)]);
    }
    const backwards = await asStaff(owner, 'POST', apiPaths.accountTimeOff, { payload: { first: '2025-08-02', last: '2025-08-01' } });
    expect([backwards.statusCode, backwards.json<{ message: string }>().message]).toEqual([
      400,
      expect.stringContaining('The last day must not be before the first day.'),
    ]);
    expect((await asStaff(owner, 'GET', apiPaths.accountHours)).json()).toEqual({ username: STAFF.username, hours: NO_HOURS, timeOff: [] });
    expect(await auditEntries(owner)).toEqual([]);
  });

  it('leaves a disabled account out of the schedules, and its hours out of reach', async () => {
    const owner = await loggedIn();
    await asStaffMember(owner);
    await asStaff(owner, 'PUT', apiPaths.staffHours('sam'), { payload: WEEK });
    expect((await asStaff(owner, 'PATCH', apiPaths.staffMember('sam'), { payload: { status: 'disabled' } })).statusCode).toBe(200);
    expect((await asStaff(owner, 'GET', apiPaths.schedules)).json<MemberSchedule[]>().map(({ username }) => username)).toEqual([
      STAFF.username,
    ]);
    expect((await asStaff(owner, 'GET', apiPaths.staffHours('sam'))).statusCode).toBe(404);
    expect(await owner.app.schedules.scheduleOf('sam')).toBeUndefined();
  });
});
