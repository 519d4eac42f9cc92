/**
 * POST /api/clients with an Idempotency-Key (issue 20): a registration sent again, by a retry or an offline device's
 * replay, is registered once; on both engines (the routes' tests also run on PostgreSQL).
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '#contract/api';
import { createStaffAccounts } from '../auth/staff-accounts.ts';
import { aClient, asStaff, createClient, loggedIn, logIn, type LoggedInApp } from '../testing/test-app.ts';
import { TEST_HASHING } from '../testing/in-process-config.ts';

const HOUR_MS = 60 * 60 * 1000;

function register(test: LoggedInApp, key: string | undefined, payload: object = aClient, cookie = test.cookie) {
  return test.app.inject({
    method: 'POST',
    url: '/api/clients',
    payload,
    headers: { cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
}

async function stored(test: LoggedInApp) {
  const clients = await test.app.db.selectFrom('clients').select('id').execute();
  const registrations = await test.app.db.selectFrom('client_changes').select('client_id').where('kind', '=', 'registered').execute();
  return { clients: clients.length, registrations: registrations.length };
}

describe('POST /api/clients with Idempotency-Key', () => {
  it('registers once: the same key again answers the first registration, 201 with its id and ETag', async () => {
    const test = await loggedIn();
    const first = await register(test, '"8e03978e-40d5-43e8-bc93-6894a57f9324"');
    const again = await register(test, '"8e03978e-40d5-43e8-bc93-6894a57f9324"');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json<Client>()).toEqual(first.json<Client>());
    expect(again.headers.etag).toBe('"v1"');
    expect(await stored(test)).toEqual({ clients: 1, registrations: 1 });
  });

  it('reads the key as the draft writes it (a quoted string) or bare: both name the same key', async () => {
    const test = await loggedIn();
    const quoted = await register(test, '"abc-123"');
    const bare = await register(test, 'abc-123');
    expect(bare.json<Client>()._id).toBe(quoted.json<Client>()._id);
    expect(await stored(test)).toEqual({ clients: 1, registrations: 1 });
  });

  it('answers the registration as it was, though the client changed since', async () => {
    const test = await loggedIn();
    const first = (await register(test, 'key-1')).json<Client>();
    await asStaff(test, 'PUT', `/api/clients/${first._id}`, { payload: { ...aClient, lastName: 'Changed' } });
    const again = await register(test, 'key-1');
    expect(again.statusCode).toBe(201);
    expect(again.json<Client>()).toEqual(first);
  });

  it('refuses the key with another client (422) and writes nothing', async () => {
    const test = await loggedIn();
    await register(test, 'key-1');
    const other = await register(test, 'key-1', { ...aClient, firstName: 'Other' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: 'This Idempotency-Key was sent before with another client' });
    expect(await stored(test)).toEqual({ clients: 1, registrations: 1 });
  });

  it('compares the client as stored: the same client written with other spaces is the same registration', async () => {
    const test = await loggedIn();
    await register(test, 'key-1');
    const spaced = await register(test, 'key-1', { ...aClient, firstName: `  ${aClient.firstName} ` });
    expect(spaced.statusCode).toBe(201);
    expect(await stored(test)).toEqual({ clients: 1, registrations: 1 });
  });

  it('keeps each staff account’s keys apart: another account’s same key registers its own client', async () => {
    const test = await loggedIn();
    await createStaffAccounts(test.app.db, { hashing: TEST_HASHING }).add('maria', 'another long password', 'staff');
    const maria = await logIn(test.app, { username: 'maria', password: 'another long password' });
    const mine = await register(test, 'key-1');
    const hers = await register(test, 'key-1', aClient, maria);
    expect(hers.statusCode).toBe(201);
    expect(hers.json<Client>()._id).not.toBe(mine.json<Client>()._id);
    expect(await stored(test)).toEqual({ clients: 2, registrations: 2 });
  });

  it('forgets a key after 24 hours: then it registers again, and the hourly purge removes it', async () => {
    const test = await loggedIn();
    const first = await register(test, 'key-1');
    test.clock.advance(24 * HOUR_MS + 1);
    test.cookie = await logIn(test.app);
    const later = await register(test, 'key-1');
    expect(later.statusCode).toBe(201);
    expect(later.json<Client>()._id).not.toBe(first.json<Client>()._id);
    await register(test, 'key-2');
    test.clock.advance(24 * HOUR_MS + 1);
    expect(await test.app.clientStore.purgeIdempotencyKeys()).toBe(2);
    expect(await test.app.db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);
  });

  it('answers 409 when the client registered with the key was erased since, and registers nothing', async () => {
    const test = await loggedIn();
    const first = (await register(test, 'key-1')).json<Client>();
    await asStaff(test, 'POST', `/api/clients/${first._id}/erase`);
    const again = await register(test, 'key-1');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This client was registered with this Idempotency-Key and has since been erased' });
    expect((await stored(test)).clients).toBe(0);
  });

  it.each([
    ['empty', ''],
    ['an empty quoted string', '""'],
    ['256 characters', 'k'.repeat(256)],
    ['a space inside', 'two words'],
    ['a quote inside', 'a"b'],
    ['non-ASCII', 'clé'],
  ])('responds 400 to a key that is %s and writes nothing', async (_name, key) => {
    const test = await loggedIn();
    const response = await register(test, key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Idempotency-Key must be a string of 1 to 255 visible characters' });
    expect(await stored(test)).toEqual({ clients: 0, registrations: 0 });
  });

  it('registers once when the same key arrives several times at once', async () => {
    const test = await loggedIn();
    const answers = await Promise.all(Array.from({ length: 6 }, () => register(test, 'key-at-once')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json<Client>()._id)).size).toBe(1);
    expect(await stored(test)).toEqual({ clients: 1, registrations: 1 });
  });

  it('without a key, each POST registers a client, as the spec’s calls expect', async () => {
    const test = await loggedIn();
    await createClient(test);
    await createClient(test);
    expect(await stored(test)).toEqual({ clients: 2, registrations: 2 });
  });
});
