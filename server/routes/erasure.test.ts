/**
 * "Erase permanently" leaves no byte of the client (issue: "An erasure that erases"): on SQLite, not in the database
 * file, its write-ahead log, a backup (`npm run backup`) or a `db:copy` made afterwards; on PostgreSQL, in no row of
 * any table (the table files keep dead tuples until VACUUM: docs/operations.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runBackupCommand } from '../cli/backup-command.ts';
import { runDbCopyCommand } from '../cli/db-copy-command.ts';
import { openSqliteFile } from '../db/sqlite-file.ts';
import { EMPTYING_THE_LOG } from '../plugins/client-store.ts';
import { aClient, createClient, loggedIn, temporaryDirectory, type LoggedInApp } from '../testing/test-app.ts';

/** The client as registered, then as edited: every value must go, the earlier ones too. */
const registered = {
  firstName: 'Quintessa',
  lastName: 'Vandermølen',
  email: 'quintessa.vandermolen@example.org',
  registrationDateTime: '2024-06-02T14:00',
};
const edited = { ...registered, firstName: 'Quintéssia', lastName: 'Van der Mølen-Ruiz', email: 'q.vdm-ruiz@example.net' };
const PERSONAL = [registered.firstName, registered.lastName, registered.email, edited.firstName, edited.lastName, edited.email];

/** Which of the client's values `bytes` holds, each looked for as UTF-8. */
function personalDataIn(bytes: Buffer): string[] {
  return PERSONAL.filter((value) => bytes.includes(Buffer.from(value, 'utf8')));
}

const fileBytes = (file: string) => (existsSync(file) ? readFileSync(file) : Buffer.alloc(0));

function call(test: LoggedInApp, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) {
  return test.app.inject({ method, url, payload, headers: { cookie: test.cookie, ...headers } });
}

const quietIo = { out: () => {}, err: () => {}, progress: { isTTY: false, write: () => {} } };

/** Other clients around the one erased, so that its rows share pages that are split and rebalanced as the list grows. */
async function registerOthers(test: LoggedInApp, count: number, from: number) {
  for (let index = from; index < from + count; index += 1) {
    await createClient(test, { ...aClient, firstName: `Other${index}`, email: `other${index}@example.com` });
  }
}

/**
 * Everything a salon does to a client before a GDPR request: registered with an Idempotency-Key (a device's retry),
 * edited twice, deleted and restored (so "Recently deleted" held it), then erased.
 */
async function registerEditAndErase(test: LoggedInApp): Promise<string> {
  await registerOthers(test, 60, 0);
  const idempotencyKey = { 'idempotency-key': '"erasure-test-registration"' };
  const created = await call(test, 'POST', '/api/clients', registered, idempotencyKey);
  expect(created.statusCode).toBe(201);
  const id = created.json<{ _id: string }>()._id;
  expect((await call(test, 'POST', '/api/clients', registered, idempotencyKey)).statusCode).toBe(201); // replayed
  await registerOthers(test, 60, 60);
  expect((await call(test, 'PUT', `/api/clients/${id}`, { ...registered, firstName: edited.firstName })).statusCode).toBe(200);
  expect((await call(test, 'PUT', `/api/clients/${id}`, edited)).statusCode).toBe(200);
  expect((await call(test, 'DELETE', `/api/clients/${id}`)).statusCode).toBe(204);
  expect((await call(test, 'POST', `/api/clients/${id}/restore`)).statusCode).toBe(200);
  await registerOthers(test, 60, 120);
  expect((await call(test, 'POST', `/api/clients/${id}/erase`)).statusCode).toBe(204);
  // The registration's key still answers, without the client: 409 (it was erased).
  expect((await call(test, 'POST', '/api/clients', registered, idempotencyKey)).statusCode).toBe(409);
  return id;
}

describe('POST /api/clients/:id/erase leaves no byte of the client', () => {
  // 180 registrations and every table read back: 5.25 s on PostgreSQL once while the machine ran other suites too.
  it(
    'in the SQLite file, its write-ahead log, a backup and a db:copy made afterwards (or, on PostgreSQL, in any row)',
    { timeout: 20_000 },
    async () => {
      const test = await loggedIn();
      await registerEditAndErase(test);

      if (test.database.kind === 'postgres') {
        const tables = await sql<{ name: string }>`
        SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(test.app.db);
        expect(tables.rows.map((table) => table.name)).toEqual(expect.arrayContaining(['clients', 'client_changes', 'idempotency_keys']));
        for (const { name } of tables.rows) {
          const rows = await sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM ${sql.table(name)} t`.execute(test.app.db);
          expect({ table: name, found: personalDataIn(Buffer.from(rows.rows.map((row) => row.row).join('\n'))) }).toEqual({
            table: name,
            found: [],
          });
        }
        return;
      }

      // The live files, as they are on disk right after the 204, while the server runs.
      const file = test.databaseFile;
      expect(personalDataIn(fileBytes(file))).toEqual([]);
      expect(personalDataIn(fileBytes(`${file}-wal`))).toEqual([]);

      // A backup taken after the erasure, as `npm run backup` makes it.
      const dir = temporaryDirectory();
      const backup = join(dir, 'after-erasure.db');
      expect(await runBackupCommand(['--to', backup], file, quietIo)).toBe(0);
      expect(personalDataIn(fileBytes(backup))).toEqual([]);

      // A copy made with `npm run db:copy` after the erasure (to a SQLite file, as to PostgreSQL).
      const copy = join(dir, 'copied.db');
      expect(await runDbCopyCommand(['--from', `file:${file}`, '--to', `file:${copy}`], quietIo)).toBe(0);
      expect(personalDataIn(fileBytes(copy))).toEqual([]);
      expect(personalDataIn(fileBytes(`${copy}-wal`))).toEqual([]);
    },
  );

  it('answers at once while another process reads an older snapshot, and empties the log once that reader is done', async () => {
    const test = await loggedIn();
    if (test.database.kind === 'postgres') return; // SQLite's write-ahead log; PostgreSQL's WAL is its own
    const client = await createClient(test, registered);
    await call(test, 'PUT', `/api/clients/${client._id}`, edited);
    // `npm run backup` or the staff CLI in the middle of a read: the log's frames from before the erasure are its snapshot.
    const reader = openSqliteFile(test.databaseFile, { readOnly: true });
    try {
      reader.exec('BEGIN');
      reader.prepare('SELECT count(*) FROM clients').get();
      const started = performance.now();
      expect((await call(test, 'POST', `/api/clients/${client._id}/erase`)).statusCode).toBe(204);
      expect(performance.now() - started).toBeLessThan(500);
      expect(personalDataIn(fileBytes(`${test.databaseFile}-wal`))).not.toEqual([]); // the reader still needs them
      reader.exec('COMMIT');
    } finally {
      reader.close();
    }
    await test.app.backgroundTasks.run(EMPTYING_THE_LOG);
    expect(personalDataIn(fileBytes(test.databaseFile))).toEqual([]);
    expect(personalDataIn(fileBytes(`${test.databaseFile}-wal`))).toEqual([]);
  });
});
