/**
 * Importing clients (issue 29) on the real server, SQLite here and PostgreSQL in test:postgres: the verdicts, one
 * transaction, the list of imports, the undo and its rule for clients changed since, Idempotency-Key, the body limit,
 * and the colleagues' one `batch` event.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Client, ClientChange, DeletedClient } from '#contract/api';
import type { ImportSummary } from '#contract/import';
import { IMPORT_LIMITS, importMessages } from '#contract/import';
import { isPostgres } from '../db/engine.ts';
import { openEventStream } from '../testing/event-stream.ts';
import {
  aClient,
  asStaff,
  asStaffMember,
  createClient,
  listeningTestApp,
  logIn,
  loggedIn,
  withCookie,
  type LoggedInApp,
} from '../testing/test-app.ts';

const row = (firstName: string, email: string, registrationDateTime = '2024-06-01T09:00') => ({
  firstName,
  lastName: 'Imported',
  email,
  registrationDateTime,
});

async function importRows(test: LoggedInApp, rows: unknown[], existing: 'skip' | 'update' = 'skip', headers?: Record<string, string>) {
  return asStaff(test, 'POST', '/api/imports', { payload: { fileName: 'clients.csv', existing, rows }, headers });
}

async function imported(test: LoggedInApp, rows: unknown[], existing: 'skip' | 'update' = 'skip'): Promise<ImportSummary> {
  const response = await importRows(test, rows, existing);
  if (response.statusCode !== 201) throw new Error(`The import failed with ${response.statusCode}: ${response.body}`);
  return response.json<ImportSummary>();
}

const list = async (test: LoggedInApp) => (await asStaff(test, 'GET', '/api/clients')).json<Client[]>();
const history = async (test: LoggedInApp, id: string) => (await asStaff(test, 'GET', `/api/clients/${id}/history`)).json<ClientChange[]>();

describe('POST /api/imports', () => {
  it('writes the new rows and skips the rest, 201 with the summary and where it is', async () => {
    const test = await loggedIn();
    const amelia = await createClient(test);
    const response = await importRows(test, [
      row('Ann', 'ann@example.com'),
      row('Amelia again', 'AMELIA.HART@example.com'),
      row('Ann twice', 'Ann@Example.com'),
      row('Bad', 'not an email'),
      { firstName: 'Dated', lastName: 'Later', email: 'dated@example.com', registrationDateTime: '' },
    ]);
    expect(response.statusCode).toBe(201);
    const summary = response.json<ImportSummary>();
    expect(summary).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      at: '2025-03-01T09:00:00.000Z',
      by: 'nina',
      fileName: 'clients.csv',
      existing: 'skip',
      created: 2,
      updated: 0,
      skipped: 3,
      undone: null,
    });
    expect(response.headers.location).toBe(`/api/imports/${summary.id}`);

    // The list (its cache and ETag) has them at once; a row without a date is registered at the import's time.
    const clients = await list(test);
    expect(clients.map((client) => client.firstName)).toEqual(['Amelia', 'Ann', 'Dated']);
    expect(clients.find((client) => client.firstName === 'Dated')?.registrationDateTime).toBe('2025-03-01T09:00:00.000Z');
    expect(await history(test, amelia._id)).toHaveLength(1);
    const [entry] = await history(test, clients[1]?._id ?? '');
    expect(entry).toMatchObject({ kind: 'imported', by: 'nina', version: 1, before: null, after: { firstName: 'Ann' } });
    const batch = await test.app.db.selectFrom('client_changes').select('batch_id').where('kind', '=', 'imported').execute();
    expect(batch).toEqual([{ batch_id: summary.id }, { batch_id: summary.id }]);

    const audit = await asStaff(test, 'GET', '/api/audit?kind=clients-imported');
    expect(audit.json<{ entries: unknown[] }>().entries).toEqual([
      expect.objectContaining({ kind: 'clients-imported', actor: 'nina', subject: summary.id, detail: '2' }),
    ]);
    expect((await asStaff(test, 'GET', summary.id ? `/api/imports/${summary.id}` : '')).json()).toEqual(summary);
  }, 15_000);

  it('on "update", gives the client registered first with the email the row’s values: a new version, before and after', async () => {
    const test = await loggedIn();
    const first = await createClient(test, { ...aClient, registrationDateTime: '2020-01-01T09:00' });
    const family = await createClient(test, { ...aClient, firstName: 'Family', registrationDateTime: '2021-01-01T09:00' });
    const summary = await imported(
      test,
      [row('Amelia B.', ' Amelia.Hart@EXAMPLE.com ', '2020-01-01T09:00'), row('New', 'new@example.com')],
      'update',
    );
    expect(summary).toMatchObject({ existing: 'update', created: 1, updated: 1, skipped: 0 });

    const [latest] = await history(test, first._id);
    expect(latest).toMatchObject({
      kind: 'imported',
      version: 2,
      before: { firstName: 'Amelia', lastName: 'Hart', email: 'amelia.hart@example.com' },
      after: { firstName: 'Amelia B.', lastName: 'Imported', email: 'Amelia.Hart@EXAMPLE.com' },
    });
    expect((await asStaff(test, 'GET', `/api/clients/${first._id}`)).headers.etag).toBe('"v2"');
    expect(await history(test, family._id)).toHaveLength(1);
  });

  it('writes nothing when any of it fails', async () => {
    const test = await loggedIn();
    await createClient(test);
    // A fault on the last row's log entry, after every client was written.
    if (isPostgres(test.app.db)) {
      await sql`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.after LIKE '%boom%' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`.execute(test.app.db);
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON client_changes FOR EACH ROW EXECUTE FUNCTION refuse_boom()`.execute(
        test.app.db,
      );
    } else {
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON client_changes WHEN NEW.after LIKE '%boom%'
        BEGIN SELECT RAISE(ABORT, 'boom'); END`.execute(test.app.db);
    }
    const response = await importRows(test, [
      row('Ann', 'ann@example.com'),
      row('Bea', 'bea@example.com'),
      row('boom', 'boom@example.com'),
    ]);
    expect(response.statusCode).toBe(500);
    expect((await list(test)).map((client) => client.firstName)).toEqual(['Amelia']);
    expect((await asStaff(test, 'GET', '/api/imports')).json()).toEqual([]);
    expect(await test.app.db.selectFrom('client_changes').select('kind').execute()).toEqual([{ kind: 'registered' }]);
  });

  it('refuses a body that is not an import (400), and one above 32 MiB before reading it (413)', async () => {
    const test = await loggedIn();
    const empty = await importRows(test, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'The file has no rows' });
    const unnamed = await asStaff(test, 'POST', '/api/imports', { payload: { fileName: ' ', existing: 'skip', rows: [{}] } });
    expect(unnamed.json()).toEqual({ message: 'File name is required' });

    const big = await asStaff(test, 'POST', '/api/imports', {
      payload: '{"fileName":"big.csv","existing":"skip","rows":["' + 'x'.repeat(32 * 1024 * 1024) + '"]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'Request body is too large (at most 32 MiB)' });
    // Elsewhere the limit stays 16 KiB.
    const client = await asStaff(test, 'POST', '/api/clients', { payload: { ...aClient, firstName: 'x'.repeat(17 * 1024) } });
    expect(client.statusCode).toBe(413);
    expect(client.json()).toEqual({ message: 'Request body is too large (at most 16 KiB)' });
  }, 15_000);

  it('takes 50,000 rows of mapped JSON within its limit', async () => {
    const test = await loggedIn();
    const rows = Array.from({ length: IMPORT_LIMITS.rows }, (_, index) => row(`Client ${index}`, `invalid-${index}`));
    const payload = JSON.stringify({ fileName: 'big.csv', existing: 'skip', rows });
    expect(payload.length).toBeGreaterThan(16 * 1024);
    const response = await asStaff(test, 'POST', '/api/imports', { payload, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ created: 0, skipped: 50_000 });
  }, 30_000);

  it('honours Idempotency-Key: a retry answers the first import again and imports nothing; another request, 422', async () => {
    const test = await loggedIn();
    const rows = [row('Ann', 'ann@example.com')];
    const first = await importRows(test, rows, 'skip', { 'idempotency-key': 'import-1' });
    const again = await importRows(test, rows, 'skip', { 'idempotency-key': 'import-1' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await list(test)).toHaveLength(1);
    expect((await asStaff(test, 'GET', '/api/imports')).json()).toHaveLength(1);

    const other = await importRows(test, [row('Bea', 'bea@example.com')], 'skip', { 'idempotency-key': 'import-1' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: importMessages.keyReused });
    const malformed = await importRows(test, rows, 'skip', { 'idempotency-key': 'two words' });
    expect(malformed.statusCode).toBe(400);

    // 24 hours on, the key is free again.
    test.clock.advance(24 * 60 * 60 * 1000 + 1);
    test.cookie = await logIn(test.app);
    const later = await importRows(test, [row('Bea', 'bea@example.com')], 'skip', { 'idempotency-key': 'import-1' });
    expect(later.statusCode).toBe(201);
    expect(later.json<ImportSummary>().id).not.toBe(first.json<ImportSummary>().id);
  });

  it('is the owners’: 403 for staff, and nothing imported', async () => {
    const test = await asStaffMember(await loggedIn());
    const response = await importRows(test, [row('Ann', 'ann@example.com')]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Only an owner can import clients.' });
    expect(await list(test)).toEqual([]);
  });
});

describe('GET /api/imports', () => {
  it('lists the last 30 days’ imports, newest first', async () => {
    const test = await loggedIn();
    const older = await imported(test, [row('Ann', 'ann@example.com')]);
    test.clock.advance(60_000);
    const newer = await imported(test, [row('Bea', 'bea@example.com')]);
    expect((await asStaff(test, 'GET', '/api/imports')).json()).toEqual([newer, older]);

    test.clock.advance(30 * 24 * 60 * 60 * 1000 - 30_000);
    test.cookie = await logIn(test.app);
    expect((await asStaff(test, 'GET', '/api/imports')).json()).toEqual([newer]);
    expect((await asStaff(test, 'GET', `/api/imports/${older.id}`)).statusCode).toBe(404);
    const undo = await asStaff(test, 'POST', `/api/imports/${older.id}/undo`);
    expect(undo.statusCode).toBe(404);
    expect(undo.json()).toEqual({ message: importMessages.notFound });
  });
});

describe('POST /api/imports/:importId/undo', () => {
  it('sends created clients to Recently deleted and gives updated ones their values back; 409 the second time', async () => {
    const test = await loggedIn();
    const amelia = await createClient(test);
    const summary = await imported(test, [row('Ann', 'ann@example.com'), row('Amelia B.', 'amelia.hart@example.com')], 'update');
    const ann = (await list(test)).find((client) => client.firstName === 'Ann') as Client;
    test.clock.advance(60_000);

    const response = await asStaff(test, 'POST', `/api/imports/${summary.id}/undo`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...summary, undone: { at: '2025-03-01T09:01:00.000Z', by: 'nina', leftAsChanged: [] } });
    expect(await list(test)).toEqual([amelia]);
    const deleted = (await asStaff(test, 'GET', '/api/deleted-clients')).json<DeletedClient[]>();
    expect(deleted).toEqual([{ ...ann, deletedAt: '2025-03-01T09:01:00.000Z', deletedBy: 'nina' }]);
    const [undone] = await history(test, amelia._id);
    expect(undone).toMatchObject({ kind: 'updated', version: 3, before: { firstName: 'Amelia B.' }, after: { firstName: 'Amelia' } });
    expect((await asStaff(test, 'GET', '/api/imports')).json()).toEqual([response.json()]);

    const again = await asStaff(test, 'POST', `/api/imports/${summary.id}/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: importMessages.alreadyUndone });
    const audit = (await asStaff(test, 'GET', '/api/audit?kind=import-undone')).json<{ entries: unknown[] }>();
    expect(audit.entries).toEqual([expect.objectContaining({ actor: 'nina', subject: summary.id })]);
  });

  it('leaves the clients changed since the import as they are, and names them', async () => {
    const test = await loggedIn();
    const amelia = await createClient(test);
    const summary = await imported(
      test,
      [row('Ann', 'ann@example.com'), row('Bea', 'bea@example.com'), row('Amelia B.', 'amelia.hart@example.com')],
      'update',
    );
    const clients = await list(test);
    const [ann, bea] = ['Ann', 'Bea'].map((name) => clients.find((client) => client.firstName === name));
    await asStaff(test, 'PUT', `/api/clients/${ann?._id}`, { payload: { ...row('Anna', 'ann@example.com') } });
    await asStaff(test, 'PUT', `/api/clients/${amelia._id}`, { payload: { ...aClient, lastName: 'Hart-Smith' } });

    const response = await asStaff(test, 'POST', `/api/imports/${summary.id}/undo`);
    expect(response.json<ImportSummary>().undone?.leftAsChanged).toEqual([
      { clientId: ann?._id, firstName: 'Anna', lastName: 'Imported' },
      { clientId: amelia._id, firstName: 'Amelia', lastName: 'Hart-Smith' },
    ]);
    const names = (await list(test)).map((client) => `${client.firstName} ${client.lastName}`);
    expect(names).toEqual(['Amelia Hart-Smith', 'Anna Imported']);
    const deleted = (await asStaff(test, 'GET', '/api/deleted-clients')).json<DeletedClient[]>();
    expect(deleted.map((client) => client._id)).toEqual([bea?._id]);
  });

  it('404 for an id that is no import', async () => {
    const test = await loggedIn();
    const response = await asStaff(test, 'POST', '/api/imports/nothing-here/undo');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: importMessages.notFound });
  });
});

describe('colleagues’ event streams', () => {
  it('get an import and its undo as one `batch` event each, live and when replayed after Last-Event-ID', async () => {
    const test = await listeningTestApp();
    const owner = withCookie(test, await logIn(test.app));
    const colleague = await openEventStream(test.port, await logIn(test.app));
    const start = await colleague.ready();

    const rows = Array.from({ length: 600 }, (_, index) => row(`Client ${index}`, `client${index}@example.com`));
    const summary = await imported(owner, rows);
    const [batch] = await colleague.untilBatches(1);
    expect(batch).toEqual({ seq: start + 600, count: 600 });
    expect(colleague.messages.find((message) => message.event === 'batch')?.id).toBe(String(start + 600));
    await createClient(owner, { ...aClient, email: 'after@example.com' });
    await colleague.untilChanges(1);
    await asStaff(owner, 'POST', `/api/imports/${summary.id}/undo`);
    const batches = await colleague.untilBatches(2);
    expect(batches[1]).toEqual({ seq: start + 1201, count: 600 });
    expect(colleague.changes()).toHaveLength(1);

    // A tab that was away since before the import: the same three events, not 1,201.
    const away = await openEventStream(test.port, await logIn(test.app), String(start));
    await away.ready();
    expect(away.messages.map((message) => `${message.event} ${message.id}`)).toEqual([
      `batch ${start + 600}`,
      `change ${start + 601}`,
      `batch ${start + 1201}`,
      `ready ${start + 1201}`,
    ]);
  }, 15_000);
});
