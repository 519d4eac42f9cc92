/** The book's setup in the mock (issue 40): its seed, the salon's settings tests pin, and the writes, as the server's. */
import { describe, expect, it } from 'vitest';
import { NO_HOURS, ScheduleList, ServiceList, type MemberSchedule, type Service, type TimeOff } from '#contract/book';
import { ownerOnly } from '#contract/team';
import { mockDb } from '../db.ts';
import { seedHours } from '../seed.ts';
import { call } from '../testing/call.ts';

const login = (username: string, password: string) => call('POST', '/login', { username, password });

describe('mock: the book’s setup', () => {
  it('is seeded with four services and the demo accounts’ hours, Tuesday to Saturday 09:00–18:00', async () => {
    await login('sam', 'sam');
    const services = ServiceList.parse((await call('GET', '/api/services')).json);
    expect(services.map(({ name, durationMinutes, removed }) => [name, durationMinutes, removed])).toEqual([
      ['Bridal make-up', 90, false],
      ['Hair colour', 120, false],
      ['Haircut and styling', 60, false],
      ['Photoshoot make-up', 45, false],
    ]);
    const schedules = ScheduleList.parse((await call('GET', '/api/schedules')).json);
    expect(schedules).toEqual([
      { username: 'admin', hours: seedHours, timeOff: [] },
      { username: 'sam', hours: seedHours, timeOff: [] },
    ]);
    expect(seedHours.tuesday).toEqual({ from: '09:00', to: '18:00' });
    expect([seedHours.monday, seedHours.sunday]).toEqual([null, null]);
  });

  it('answers the browser’s time zone and euros, or what a test pins', async () => {
    expect((await call('GET', '/api/salon')).json).toEqual({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, currency: 'EUR' });
    mockDb.setSalon({ timeZone: 'Europe/London' });
    expect((await call('GET', '/api/salon')).json).toEqual({ timeZone: 'Europe/London', currency: 'EUR' });
  });

  it('lets an owner manage services and anyone’s hours, each in the audit trail; staff only their own', async () => {
    await login('admin', 'admin');
    const added = await call('POST', '/api/services', { name: 'Manicure', durationMinutes: 30, price: 2500 });
    expect(added.status).toBe(201);
    const manicure = added.json as Service;
    expect((await call('PUT', `/api/services/${manicure.id}`, { name: 'Manicure', durationMinutes: 35, price: null })).status).toBe(200);
    expect((await call('DELETE', `/api/services/${manicure.id}`)).status).toBe(204);
    expect((await call('DELETE', '/api/services/none')).status).toBe(404);
    const saved = await call('PUT', '/api/staff/sam/hours', NO_HOURS);
    expect(saved.json).toEqual({ username: 'sam', hours: NO_HOURS, timeOff: [] });
    const timeOff = (await call('POST', '/api/staff/sam/time-off', { first: '2026-12-24', last: '2026-12-24' })).json as TimeOff;
    expect((await call('DELETE', `/api/staff/sam/time-off/${timeOff.id}`)).status).toBe(204);
    const kinds = ['service-added', 'service-changed', 'service-removed', 'hours-changed', 'time-off-added', 'time-off-removed'] as const;
    const entries = await Promise.all(
      kinds.map(async (kind) => (await mockDb.auditEntries({ kind })).map(({ actor, subject, detail }) => [kind, actor, subject, detail])),
    );
    expect(entries.flat()).toEqual([
      ['service-added', 'admin', manicure.id, 'Manicure'],
      ['service-changed', 'admin', manicure.id, 'Manicure'],
      ['service-removed', 'admin', manicure.id, 'Manicure'],
      ['hours-changed', 'admin', 'sam', 'none'],
      ['time-off-added', 'admin', 'sam', '2026-12-24'],
      ['time-off-removed', 'admin', 'sam', '2026-12-24'],
    ]);

    await login('sam', 'sam');
    const refused = await call('PUT', '/api/staff/admin/hours', NO_HOURS);
    expect([refused.status, refused.json]).toEqual([403, { message: ownerOnly.manageHours }]);
    expect((await call('POST', '/api/services', { name: 'Pedicure', durationMinutes: 30, price: null })).json).toEqual({
      message: ownerOnly.manageServices,
    });
    expect(((await call('PUT', '/api/account/hours', seedHours)).json as MemberSchedule).hours).toEqual(seedHours);
    const invalid = await call('PUT', '/api/account/hours', { ...seedHours, monday: { from: '10:00', to: '09:00' } });
    expect([invalid.status, invalid.json]).toEqual([400, { message: expect.stringContaining('The end must be after the start.') }]);
  });
});
