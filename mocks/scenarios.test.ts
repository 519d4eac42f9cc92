import { describe, expect, it } from 'vitest';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { mockDb } from './db.ts';
import { addRule, describeScenario, endpointOf, scenarioOff, setDelay, startScenario } from './scenarios.ts';

const call = (method: string, path: string, body?: unknown) =>
  fetch(new URL(path, window.location.origin), {
    method,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const aClient = { firstName: 'Léa', lastName: 'Moreau', email: 'lea@example.com', registrationDateTime: '2024-05-01T10:30' };

/** The landing page's steps: the first service's first free time, held; the hold's token. */
async function holdAFreeTime(): Promise<string> {
  const read = async <T>(path: string) => (await (await call('GET', path)).json()) as T;
  const serviceId = (await read<{ services: { id: string }[] }>('/api/booking')).services[0]?.id ?? '';
  const { days } = await read<{ days: { date: string; free: boolean }[] }>(`/api/booking/days?service=${serviceId}`);
  const date = days.find(({ free }) => free)?.date ?? '';
  const [start] = (await read<{ starts: string[] }>(`/api/booking/times?service=${serviceId}&date=${date}`)).starts;
  const held = await call('POST', '/api/booking/holds', { serviceId, staff: null, start });
  expect(held.status).toBe(201);
  return ((await held.json()) as { token: string }).token;
}

describe('mock scenarios', () => {
  it('tells which of the contract’s calls a request is', () => {
    expect(endpointOf('POST', '/login')).toBe('login');
    expect(endpointOf('GET', '/api/clients')).toBe('list');
    expect(endpointOf('POST', '/api/clients')).toBe('create');
    expect(endpointOf('GET', '/api/clients/c1')).toBe('get');
    expect(endpointOf('PUT', '/api/clients/c1')).toBe('update');
    expect(endpointOf('DELETE', '/api/clients/c1')).toBe('delete');
    expect(endpointOf('GET', '/api/deleted-clients')).toBe('deleted-list');
    expect(endpointOf('GET', '/api/clients/c1/history')).toBe('history');
    expect(endpointOf('GET', '/api/clients/c1/export')).toBe('export');
    expect(endpointOf('POST', '/api/clients/c1/restore')).toBe('restore');
    expect(endpointOf('POST', '/api/clients/c1/erase')).toBe('erase');
    expect(endpointOf('GET', '/api/audit')).toBe('audit');
    expect(endpointOf('GET', '/api/audit-export')).toBe('audit-export');
    expect(endpointOf('GET', '/api/clients/c1/erase')).toBeUndefined();
    expect(endpointOf('GET', '/api/clients-export')).toBe('clients-export');
    expect(endpointOf('GET', '/api/me')).toBe('me');
    expect(endpointOf('GET', '/api/staff')).toBe('staff');
    expect(endpointOf('PATCH', '/api/staff/sam')).toBe('staff');
    expect(endpointOf('POST', '/api/staff/sam/password-reset')).toBe('staff');
    expect(endpointOf('PUT', '/api/account/password')).toBe('account');
    expect(endpointOf('DELETE', '/api/account/sessions/s1')).toBe('account');
    expect(endpointOf('POST', '/welcome-links/abc')).toBe('welcome-link');
    expect(endpointOf('GET', '/api/salon')).toBe('salon');
    expect(endpointOf('DELETE', '/api/services/s1')).toBe('services');
    expect(endpointOf('GET', '/api/schedules')).toBe('schedules');
    expect(endpointOf('GET', '/api/appointments')).toBe('calendar');
    expect(endpointOf('GET', '/api/clients/c1/appointments')).toBe('calendar');
    expect(endpointOf('GET', '/api/appointments/a1')).toBe('appointment');
    expect(endpointOf('GET', '/api/availability')).toBe('availability');
    expect(endpointOf('POST', '/api/appointments')).toBe('booking');
    expect(endpointOf('POST', '/api/appointments/a1/restore')).toBe('booking');
    expect(endpointOf('PUT', '/api/account/hours')).toBe('account');
    expect(endpointOf('GET', '/api/booking')).toBe('online-booking');
    expect(endpointOf('GET', '/api/booking/times')).toBe('online-booking');
    expect(endpointOf('DELETE', '/api/booking/holds/h1')).toBe('online-booking');
    expect(endpointOf('POST', '/api/booking/appointments')).toBe('book-online');
    expect(endpointOf('POST', '/api/booking/cancellations/t1')).toBe('online-cancel');
    expect(endpointOf('GET', '/api/clients/c1/details')).toBe('client-details');
    expect(endpointOf('GET', '/api/outbox')).toBe('outbox');
    expect(endpointOf('GET', '/api/staffroom')).toBeUndefined();
    expect(endpointOf('GET', '/images/a.svg')).toBeUndefined();
  });

  it('list-fails responds 500 with the contract’s error body to the list only', async () => {
    mockDb.startSession();
    startScenario('list-fails');
    const list = await call('GET', '/api/clients');
    expect(list.status).toBe(500);
    expect(await list.json()).toEqual({ message: 'Internal server error' });
    expect((await call('POST', '/api/clients', aClient)).status).toBe(201);
  });

  it('booking-fails refuses booking, and offline reaches the book’s reads too', async () => {
    mockDb.startSession();
    startScenario('booking-fails');
    expect((await call('POST', '/api/appointments', {})).status).toBe(500);
    expect((await call('GET', '/api/appointments?from=2030-01-01&to=2030-01-01')).status).toBe(200);
    startScenario('offline');
    await expect(call('GET', '/api/schedules')).rejects.toThrow();
    await expect(call('GET', '/api/booking')).rejects.toThrow();
  });

  it('booking-taken answers the next online Book 409 "taken", once, then turns itself off', async () => {
    startScenario('booking-taken');
    const booking = {
      holdToken: await holdAFreeTime(),
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana@example.com',
      offers: false,
      website: '',
    };
    const taken = await call('POST', '/api/booking/appointments', booking);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ message: onlineBookingTexts.taken });
    expect(describeScenario()).toEqual([]);
    expect((await call('POST', '/api/booking/appointments', booking)).status).toBe(201);
  });

  it('combines presets, and off lets everything through again', async () => {
    mockDb.startSession();
    startScenario('register-fails', 'delete-fails');
    expect(describeScenario()).toEqual(['register-fails', 'delete-fails']);
    expect((await call('POST', '/api/clients', aClient)).status).toBe(500);
    expect((await call('DELETE', '/api/clients/mock-000001')).status).toBe(500);
    expect((await call('GET', '/api/clients')).status).toBe(200);
    scenarioOff();
    expect(describeScenario()).toEqual([]);
    expect((await call('POST', '/api/clients', aClient)).status).toBe(201);
  });

  it('restore-fails and history-fails answer 500 to their endpoint only', async () => {
    mockDb.startSession();
    startScenario('restore-fails', 'history-fails');
    expect((await call('DELETE', '/api/clients/mock-000001')).status).toBe(204);
    expect((await call('POST', '/api/clients/mock-000001/restore')).status).toBe(500);
    expect((await call('GET', '/api/clients/mock-000001/history')).status).toBe(500);
    expect((await call('GET', '/api/deleted-clients')).status).toBe(200);
    expect(await mockDb.findClient('mock-000001')).toBeUndefined();
  });

  it('session-ended responds 401 to every call that needs a session, while logging in still works', async () => {
    mockDb.startSession();
    startScenario('session-ended');
    expect((await call('GET', '/api/clients')).status).toBe(401);
    expect((await call('PUT', '/api/clients/mock-000001', aClient)).status).toBe(401);
    expect((await call('POST', '/login', { username: 'admin', password: 'admin' })).status).toBe(200);
  });

  it('offline fails every call as a network error', async () => {
    startScenario('offline');
    await expect(call('POST', '/login', { username: 'admin', password: 'admin' })).rejects.toThrow();
    await expect(call('GET', '/api/clients')).rejects.toThrow();
  });

  it('a failure for the next N calls only, with a status of one’s choosing', async () => {
    mockDb.startSession();
    addRule({ kind: 'fail', endpoint: 'get', failure: 503, times: 2 });
    expect((await call('GET', '/api/clients/mock-000001')).status).toBe(503);
    expect((await call('GET', '/api/clients/mock-000001')).status).toBe(503);
    expect((await call('GET', '/api/clients/mock-000001')).status).toBe(200);
    expect(describeScenario()).toEqual([]);
  });

  it('delays every call, or one endpoint', async () => {
    mockDb.startSession();
    setDelay(120);
    let started = performance.now();
    expect((await call('GET', '/api/clients')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    setDelay(0);
    addRule({ kind: 'delay', endpoint: 'list', ms: 120 });
    started = performance.now();
    await call('GET', '/api/clients/mock-000001');
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses an unknown preset, naming the known ones', () => {
    expect(() => startScenario('list-fail')).toThrow(/Unknown mock scenario list-fail: use login-fails, list-fails/);
    expect(describeScenario()).toEqual([]);
  });
});
