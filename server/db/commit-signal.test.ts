/**
 * Issue 27: one after-commit signal (decision 022). One commit wakes each of its subscribers once — the read model
 * (the list and the clients by id), the session memory, the change feed, the appointments' feed (issue 40) — whether
 * this server made it or another process did; a booking wakes the appointments' feed alone; and a commit to the clients leaves the session memory alone where the engine can tell (this server's
 * on both engines, another's on PostgreSQL; SQLite's data_version cannot say which table another process changed).
 * On SQLite and, in `npm run test:postgres`, on PostgreSQL.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '#contract/paths';
import { SessionMemory } from '../auth/sessions.ts';
import { createStaffAccounts } from '../auth/staff-accounts.ts';
import { generateClientId } from '../clients/client-store.ts';
import { ClientByIdCache, ClientListCache } from '../clients/read-model.ts';
import { createClientsRepository } from '../repositories/clients.ts';
import { furnish } from '../testing/book.ts';
import { TEST_HASHING } from '../testing/in-process-config.ts';
import { aClient, asStaff, createClient, createTestApp, logIn, STAFF, type TestApp } from '../testing/test-app.ts';
import { sharedPoll } from './commit-signal.ts';
import { openDatabase } from './database.ts';

/** Longer than the SQLite poll's interval below, and than a LISTEN notification's round trip. */
const SETTLE_MS = 150;

async function appCountingWakes() {
  const test = await createTestApp({ config: { events: { watchIntervalMs: 20 }, salon: { timeZone: 'Europe/London', currency: 'EUR' } } });
  const cookie = await logIn(test.app);
  // Warm: the list and a client by id are kept, the session is remembered.
  const client = await createClient(Object.assign(test, { cookie }));
  await settle(test, cookie);
  const wakes = {
    list: vi.spyOn(ClientListCache.prototype, 'invalidate'),
    byId: vi.spyOn(ClientByIdCache.prototype, 'invalidate'),
    sessions: vi.spyOn(SessionMemory.prototype, 'forget'),
    feed: vi.spyOn(test.app.changeFeed, 'wake'),
    book: vi.spyOn(test.app.appointmentFeed, 'wake'),
  };
  const counts = () => Object.fromEntries(Object.entries(wakes).map(([name, spy]) => [name, spy.mock.calls.length]));
  return Object.assign(test, { cookie, client, counts });
}

/** Until every path that could tell of a commit has had its turn: the watching, and a request's poll. */
async function settle(test: TestApp, cookie: string): Promise<void> {
  await sleep(SETTLE_MS);
  const list = await test.app.inject({ method: 'GET', url: '/api/clients', headers: { cookie } });
  expect(list.statusCode).toBe(200);
  await sleep(SETTLE_MS);
}

afterEach(() => vi.restoreAllMocks());

describe('one commit wakes each subscriber of the after-commit signal once', () => {
  it('a client registered by this server: the read model and the change feed, not the session memory', async () => {
    const test = await appCountingWakes();
    await createClient(test, { ...aClient, email: 'second@example.com' });
    await settle(test, test.cookie);
    expect(test.counts()).toEqual({ list: 1, byId: 1, sessions: 0, feed: 1, book: 0 });
  });

  it('a client updated by this server, then read at once: the answer is the update', async () => {
    const test = await appCountingWakes();
    const url = `/api/clients/${test.client._id}`;
    const update = { ...aClient, firstName: 'Updated' };
    expect((await asStaff(test, 'PUT', url, { payload: update })).statusCode).toBe(200);
    const read = await asStaff(test, 'GET', url);
    expect(read.json()).toMatchObject({ firstName: 'Updated' });
    await settle(test, test.cookie);
    expect(test.counts()).toEqual({ list: 1, byId: 1, sessions: 0, feed: 1, book: 0 });
  });

  it('an appointment booked by this server: the appointments’ feed only, not the clients’ read model', async () => {
    const test = await appCountingWakes();
    await furnish(test);
    const payload = { clientId: test.client._id, serviceId: 'cut', staff: STAFF.username, start: '2026-12-01T10:00:00+00:00' };
    expect((await asStaff(test, 'POST', apiPaths.appointments, { payload })).statusCode).toBe(201);
    await settle(test, test.cookie);
    expect(test.counts()).toEqual({ list: 0, byId: 0, sessions: 0, feed: 0, book: 1 });
  });

  it('a sign-out on this server: the session memory only', async () => {
    const test = await appCountingWakes();
    const other = await logIn(test.app);
    await settle(test, test.cookie);
    const before = test.counts();
    expect((await test.app.inject({ method: 'POST', url: '/logout', headers: { cookie: other } })).statusCode).toBe(204);
    await settle(test, test.cookie);
    expect(test.counts()).toEqual({ ...before, sessions: (before.sessions ?? 0) + 1 });
  });

  it('a client registered by another process: each once (on SQLite the session memory too)', async () => {
    const test = await appCountingWakes();
    const other = await openDatabase(test.database);
    try {
      await createClientsRepository(other.db).insert(
        generateClientId(),
        { ...aClient, email: 'elsewhere@example.com' },
        {
          by: 'another process',
          now: new Date(),
        },
      );
    } finally {
      await other.db.destroy();
    }
    await settle(test, test.cookie);
    // SQLite's data_version cannot say which table: every subscriber hears of it.
    const sessions = test.database.kind === 'sqlite' ? 1 : 0;
    expect(test.counts()).toEqual({ list: 1, byId: 1, sessions, feed: 1, book: sessions });
  });

  it('a password changed by another process (the staff CLI): the session memory once', async () => {
    const test = await appCountingWakes();
    const cli = await openDatabase(test.database);
    try {
      expect(
        (await createStaffAccounts(cli.db, { hashing: TEST_HASHING }).changePassword(STAFF.username, 'another long password')).ended,
      ).toBe(1);
    } finally {
      await cli.db.destroy();
    }
    await sleep(SETTLE_MS);
    const refused = await asStaff(test, 'GET', '/api/clients');
    expect(refused.statusCode).toBe(401);
    await sleep(SETTLE_MS);
    const clients = test.database.kind === 'sqlite' ? 1 : 0;
    expect(test.counts()).toEqual({ list: clients, byId: clients, sessions: 1, feed: clients, book: clients });
  });
});

describe('the poll for others’ commits', () => {
  it('is shared by those who ask in one turn of the event loop, and starts after the last of them asked', async () => {
    const asked: string[] = [];
    let polls = 0;
    const poll = sharedPoll(() => {
      polls += 1;
      asked.push('poll');
    });
    const first = [poll(), poll(), poll()];
    asked.push('asked three times');
    await Promise.all(first);
    expect({ polls, asked }).toEqual({ polls: 1, asked: ['asked three times', 'poll'] });

    await poll();
    expect(polls).toBe(2);
  });

  it('is not joined once it has started: a later request waits for the next one', async () => {
    let polls = 0;
    let finishFirst = () => {};
    const poll = sharedPoll(async () => {
      polls += 1;
      if (polls === 1) await new Promise<void>((resolve) => (finishFirst = resolve));
    });
    const first = poll();
    await sleep(10);
    const later = poll();
    finishFirst();
    await Promise.all([first, later]);
    expect(polls).toBe(2);
  });
});
