/**
 * Another process holding the write lock (a backup, the staff CLI, a second server) must not
 * stop the server: statements wait for the lock on timers, the event loop keeps running,
 * reads go on, and writes fail with SQLITE_BUSY only after the busy time-out.
 */
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { aClient, asStaff, createClient, loggedIn, temporaryDirectory, type TestApp } from '../testing/test-app.ts';
import { openDatabase } from './database.ts';
import type { SqliteConfig } from './sqlite.ts';
import type { Database } from './schema.ts';
import { openSqliteFile } from './sqlite-file.ts';

/** Another connection to the file: it waits up to 5 s for the server's lock (held for milliseconds at a time). */
const otherConnection = (file: string) => openSqliteFile(file, { timeoutMs: 5000 });

const row = (id: string) => ({
  id,
  first_name: 'A',
  last_name: 'B',
  email: 'a@b.co',
  registration_date_time: '2024-05-01T10:30:00.000Z',
  created_at: '2024-05-01T10:30:00.000Z',
  updated_at: '2024-05-01T10:30:00.000Z',
});

async function withLockHeldElsewhere(busyTimeoutMs: number): Promise<{ db: Kysely<Database>; holder: DatabaseSync }> {
  const file = join(temporaryDirectory(), 'salon.db');
  const { db } = await openDatabase({ kind: 'sqlite', file, busyTimeoutMs });
  await db.insertInto('clients').values(row('before')).execute();
  const holder = otherConnection(file);
  holder.exec('BEGIN EXCLUSIVE');
  onTestFinished(async () => {
    if (holder.isTransaction) holder.exec('ROLLBACK');
    holder.close();
    await db.destroy();
  });
  return { db, holder };
}

/** The longest the event loop went without running a timer while `work` ran. */
async function longestStall(work: Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work.catch(() => undefined);
  } finally {
    clearInterval(timer);
  }
  return Math.max(longest, performance.now() - last);
}

describe('the SQLite dialect while another process holds the write lock', () => {
  it('keeps the event loop running and reads responding while a write waits, and the write succeeds once the lock is released', async () => {
    const { db, holder } = await withLockHeldElsewhere(3000);
    const started = performance.now();
    const write = db.insertInto('clients').values(row('during')).execute();
    const stall = longestStall(write);

    // Reads respond at once, in the middle of the write's wait.
    const read = await db.selectFrom('clients').select('id').execute();
    expect(read.map((each) => each.id)).toEqual(['before']);
    expect(performance.now() - started).toBeLessThan(100);

    await sleep(300);
    holder.exec('ROLLBACK');
    await write;
    const releasedAt = performance.now();
    expect(releasedAt - started).toBeLessThan(1000);
    expect(await stall).toBeLessThan(100);
    expect((await db.selectFrom('clients').select('id').execute()).map((each) => each.id).sort()).toEqual(['before', 'during']);
  });

  it('fails a write with SQLITE_BUSY after the busy time-out, without blocking, and stores nothing', async () => {
    const { db } = await withLockHeldElsewhere(400);
    const started = performance.now();
    const write = db.insertInto('clients').values(row('refused')).execute();
    const stall = longestStall(write);
    await expect(write).rejects.toMatchObject({ code: 'ERR_SQLITE_ERROR', errcode: 5 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect(await stall).toBeLessThan(100);
    expect((await db.selectFrom('clients').select('id').execute()).map((each) => each.id)).toEqual(['before']);
  });

  it('starts a transaction once the lock is free, and runs other statements while it waits', async () => {
    const { db, holder } = await withLockHeldElsewhere(3000);
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('clients').values(row('in-transaction')).execute();
      await trx.updateTable('clients').set({ first_name: 'Changed' }).where('id', '=', 'before').execute();
    });
    const stall = longestStall(transaction);
    await sleep(100);
    expect((await db.selectFrom('clients').select('first_name').where('id', '=', 'before').executeTakeFirst())?.first_name).toBe('A');
    holder.exec('ROLLBACK');
    await transaction;
    expect(await stall).toBeLessThan(100);
    const rows = await db.selectFrom('clients').select(['id', 'first_name']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'before', first_name: 'Changed' },
      { id: 'in-transaction', first_name: 'A' },
    ]);
  });

  it('lets other statements wait for an open transaction instead of running inside it', async () => {
    const { db, holder } = await withLockHeldElsewhere(3000);
    holder.exec('ROLLBACK');
    let releaseTransaction: () => void = () => undefined;
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('clients').values(row('inside')).execute();
      await new Promise<void>((resolve) => (releaseTransaction = resolve));
      throw new Error('roll back');
    });
    await sleep(20);
    // Started while the transaction is open: must not become part of it (and be rolled back with it).
    const outside = db.insertInto('clients').values(row('outside')).execute();
    await sleep(20);
    releaseTransaction();
    await expect(transaction).rejects.toThrow('roll back');
    await outside;
    expect((await db.selectFrom('clients').select('id').orderBy('id').execute()).map((each) => each.id)).toEqual(['before', 'outside']);
  });

  it('runs transactions started at once one after the other', async () => {
    const { db, holder } = await withLockHeldElsewhere(3000);
    holder.exec('ROLLBACK');
    // Several requests' writes in the same turn of the event loop, when the lock is free and again when it is released.
    const transactions = ['one', 'two', 'three'].map((id) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('clients').values(row(id)).execute();
        await sleep(5);
        await trx.updateTable('clients').set({ first_name: id }).where('id', '=', id).execute();
      }),
    );
    await Promise.all(transactions);
    const rows = await db.selectFrom('clients').select(['id', 'first_name']).where('id', '!=', 'before').orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'one', first_name: 'one' },
      { id: 'three', first_name: 'three' },
      { id: 'two', first_name: 'two' },
    ]);
  });
});

const sqliteWithBusyTimeout = (busyTimeoutMs: number): SqliteConfig => ({
  kind: 'sqlite',
  file: join(temporaryDirectory(), 'salon.db'),
  busyTimeoutMs,
});

const storedClients = (test: TestApp) => test.app.db.selectFrom('clients').selectAll().execute();

describe('the API while another process holds the lock', () => {
  it('responds 503 with Retry-After to a write, stores nothing, and works again once the lock is released', async () => {
    const test = await loggedIn({ database: sqliteWithBusyTimeout(50) });
    const other = otherConnection(test.databaseFile);
    try {
      other.exec('BEGIN EXCLUSIVE');
      const refused = await asStaff(test, 'POST', '/api/clients', { payload: aClient });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('2');
      expect(refused.json()).toEqual({ message: 'The database is busy, try again shortly', requestId: expect.any(String) });
      other.exec('ROLLBACK');
      expect(await storedClients(test)).toEqual([]);
      await createClient(test);
    } finally {
      other.close();
    }
  });

  it('serves reads at once while a write waits for the lock, and the write goes through as soon as it is released', async () => {
    const test = await loggedIn({ database: sqliteWithBusyTimeout(3000) });
    const existing = await createClient(test);
    const other = otherConnection(test.databaseFile);
    try {
      other.exec('BEGIN EXCLUSIVE');
      const started = performance.now();
      const waiting = asStaff(test, 'POST', '/api/clients', { payload: { ...aClient, firstName: 'Patient' } });
      const one = await asStaff(test, 'GET', `/api/clients/${existing._id}`);
      const list = await asStaff(test, 'GET', '/api/clients');
      expect(one.json()).toEqual(existing);
      expect(list.json()).toEqual([existing]);
      expect(performance.now() - started).toBeLessThan(200);
      other.exec('ROLLBACK');
      const released = performance.now();
      expect((await waiting).statusCode).toBe(201);
      expect(performance.now() - released).toBeLessThan(200);
    } finally {
      other.close();
    }
  });

  it('lets reads through when the session check’s once-a-minute touch cannot be written', async () => {
    const test = await loggedIn({ database: sqliteWithBusyTimeout(50) });
    const { cookie } = test;
    const lastSeen = async () => (await test.app.db.selectFrom('sessions').select('last_seen_at').executeTakeFirstOrThrow()).last_seen_at;
    const atLogin = await lastSeen();
    test.clock.advance(2 * 60_000);
    const holder = otherConnection(test.databaseFile);
    try {
      holder.exec('BEGIN EXCLUSIVE');
      expect((await test.app.inject({ method: 'GET', url: '/api/clients', headers: { cookie } })).statusCode).toBe(200);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    // The touch that had to wait is written once the lock is released.
    expect((await test.app.inject({ method: 'GET', url: '/api/clients', headers: { cookie } })).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await lastSeen()).not.toBe(atLogin));
  });
});

describe('a full disk inside a transaction', () => {
  it('surfaces SQLITE_FULL (a 507), not the failed ROLLBACK of a transaction SQLite already ended', async () => {
    const { db } = await openDatabase({ kind: 'sqlite', file: join(temporaryDirectory(), 'salon.db') });
    onTestFinished(() => db.destroy());
    const pages = (await sql<{ page_count: number }>`PRAGMA page_count`.execute(db)).rows[0]?.page_count ?? 0;
    await sql.raw(`PRAGMA max_page_count = ${pages}`).execute(db);

    const write = db.transaction().execute(async (trx) => {
      for (let index = 0; index < 200; index += 1) {
        await trx
          .insertInto('clients')
          .values({ ...row(`c${index}`), first_name: 'x'.repeat(2_000) })
          .execute();
      }
    });

    await expect(write).rejects.toMatchObject({ code: 'ERR_SQLITE_ERROR', errcode: 13 });
    // The connection is usable again: the next transaction is not refused as nested.
    await sql.raw('PRAGMA max_page_count = 1000000').execute(db);
    await db.transaction().execute((trx) => trx.insertInto('clients').values(row('after')).execute());
    expect(await db.selectFrom('clients').select('id').execute()).toEqual([{ id: 'after' }]);
  });
});
