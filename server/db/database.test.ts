import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../testing/test-app.ts';
import { openDatabase } from './database.ts';
import { migrationProvider, migrations } from './migrations/index.ts';
import { NonBlockingSqliteDialect } from './non-blocking-sqlite.ts';
import { openSqliteFile } from './sqlite-file.ts';

describe('openDatabase', () => {
  it('creates the directory and the file, with WAL, synchronous=FULL, foreign keys, secure_delete, and no busy wait inside SQLite', async () => {
    const file = join(temporaryDirectory(), 'nested', 'dir', 'salon.db');
    const { db } = await openDatabase({ kind: 'sqlite', file });
    try {
      expect(existsSync(file)).toBe(true);
      const pragma = async (name: string) => Object.values((await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2); // FULL
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('secure_delete')).toBe(1); // ON: freed pages zeroed too (FAST leaves them)
      // Waiting for other processes' locks happens on timers (non-blocking-sqlite.ts), never in SQLite.
      expect(await pragma('busy_timeout')).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it('applies the migrations in order, once, and records them', async () => {
    const file = join(temporaryDirectory(), 'salon.db');
    await (await openDatabase({ kind: 'sqlite', file })).db.destroy();
    const { db } = await openDatabase({ kind: 'sqlite', file });
    try {
      const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
      expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
      const tables = await sql<{
        name: string;
      }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'kysely%' ORDER BY name`.execute(db);
      expect(tables.rows.map((row) => row.name)).toEqual([
        'appointment_changes',
        'appointments',
        'audit_entries',
        'booking_cancel_links',
        'booking_holds',
        'booking_requests',
        'client_changes',
        'client_changes_purged',
        'client_details',
        'clients',
        'idempotency_keys',
        'imports',
        'merges',
        'outbox',
        'passkey_challenges',
        'passkeys',
        'services',
        'sessions',
        'sign_in_links',
        'sqlite_sequence',
        'staff',
        'time_off',
        'working_hours',
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('rewrites a file from before migration 0006 once, without the rows it had removed (free pages, free space)', async () => {
    const file = join(temporaryDirectory(), 'salon.db');
    const raw = new Kysely<unknown>({ dialect: new NonBlockingSqliteDialect(openSqliteFile(file), 0, () => {}) });
    try {
      await sql`PRAGMA journal_mode = WAL`.execute(raw);
      const migrator = new Migrator({ db: raw, provider: migrationProvider });
      expect((await migrator.migrateTo('0005_idempotency_keys')).error).toBeUndefined();
      // An older version: secure_delete off (SQLite's default), a client registered, then removed.
      await sql`INSERT INTO clients (id, first_name, last_name, email, registration_date_time, created_at, updated_at)
        VALUES ('gone', 'Quintessa', 'Vandermølen', 'quintessa@example.org', 'x', 'x', 'x')`.execute(raw);
      await sql`DELETE FROM clients WHERE id = 'gone'`.execute(raw);
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(raw);
    } finally {
      await raw.destroy();
    }
    const removed = ['Quintessa', 'Vandermølen', 'quintessa@example.org'];
    const bytes = () => Buffer.concat([readFileSync(file), existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : Buffer.alloc(0)]);
    const held = () => removed.filter((value) => bytes().includes(Buffer.from(value)));
    expect(held()).toEqual(removed);

    const { db } = await openDatabase({ kind: 'sqlite', file });
    try {
      expect(held()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('enforces the sessions → staff foreign key', async () => {
    const { db } = await openDatabase({ kind: 'sqlite', file: join(temporaryDirectory(), 'salon.db') });
    try {
      await expect(
        db
          .insertInto('sessions')
          .values({ token_hash: 'h', id: 'h', staff_id: 'nobody', created_at: 'x', last_seen_at: 'x', ip: null, user_agent: null })
          .execute(),
      ).rejects.toThrow(/FOREIGN KEY/);
    } finally {
      await db.destroy();
    }
  });
});
