/** Migrations on a database that already holds data (on SQLite, and PostgreSQL in test:postgres). */
import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshTestDatabase } from '../testing/test-database.ts';
import { openDatabase, type DatabaseConfig } from './database.ts';
import { migrationProvider, migrations } from './migrations/index.ts';
import { NonBlockingSqliteDialect } from './non-blocking-sqlite.ts';
import { openSqliteFile } from './sqlite-file.ts';

function rawDatabase(config: DatabaseConfig): Kysely<unknown> {
  return new Kysely({
    dialect:
      config.kind === 'sqlite'
        ? new NonBlockingSqliteDialect(openSqliteFile(config.file), 0, () => {})
        : new PostgresDialect({ pool: new pg.Pool({ connectionString: config.url, max: 1 }) }),
  });
}

/**
 * The migrations released so far, by the names the kysely_migration table of every database records: Kysely refuses
 * a database whose recorded names it no longer finds ("corrupted migrations"), so none of these is ever renamed.
 */
const RELEASED = [
  '0001_initial',
  '0002_shared_state',
  '0003_client_changes',
  '0004_change_stream',
  '0005_idempotency_keys',
  '0006_rewrite_without_removed_rows',
  '0007_team',
  '0008_imports',
  '0009_merges',
  '0010_passkeys',
];

describe('the migrations', () => {
  it('keep the names, in their order, that databases already record', () => {
    expect(Object.keys(migrations).sort().slice(0, RELEASED.length)).toEqual(RELEASED);
  });

  it('run nothing again on a database migrated under the released names, and open it', async () => {
    const config = await freshTestDatabase();
    const raw = rawDatabase(config);
    const recorded = () =>
      sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration ORDER BY name`.execute(raw);
    try {
      const released: Record<string, Migration> = {};
      for (const name of RELEASED) released[name] = migrations[name] ?? { up: () => Promise.reject(new Error(`${name} is gone`)) };
      const before = new Migrator({ db: raw, provider: { getMigrations: () => Promise.resolve(released) } });
      expect((await before.migrateToLatest()).error).toBeUndefined();
      const then = (await recorded()).rows;
      expect(then.map((row) => row.name)).toEqual(RELEASED);

      const now = new Migrator({ db: raw, provider: migrationProvider });
      const pending = (await now.getMigrations())
        .filter((migration) => migration.executedAt === undefined)
        .map((migration) => migration.name);
      expect(pending.filter((name) => RELEASED.includes(name))).toEqual([]);
      const { error, results } = await now.migrateToLatest();
      expect(error).toBeUndefined();
      expect(results?.map((result) => result.migrationName)).toEqual(pending);
      expect((await recorded()).rows.slice(0, RELEASED.length)).toEqual(then);
    } finally {
      await raw.destroy();
    }
    await (await openDatabase(config)).db.destroy();
  });
});

describe('migration 0003_client_changes', () => {
  it('gives existing clients version 1 and a "registered" entry each, by "unknown", at their creation', async () => {
    const config = await freshTestDatabase();
    const raw = rawDatabase(config);
    try {
      const migrator = new Migrator({ db: raw, provider: migrationProvider });
      const { error } = await migrator.migrateTo('0002_shared_state');
      expect(error).toBeUndefined();
      const row = (id: string, firstName: string, createdAt: string) => ({
        id,
        first_name: firstName,
        last_name: 'Hart',
        email: `${id}@example.com`,
        registration_date_time: '2024-05-01T10:30:00.000Z',
        created_at: createdAt,
        updated_at: createdAt,
      });
      await (raw as Kysely<{ clients: ReturnType<typeof row> }>)
        .insertInto('clients')
        .values([row('b', 'Bea', '2024-02-01T00:00:00.000Z'), row('a', 'Ann', '2024-01-01T00:00:00.000Z')])
        .execute();
    } finally {
      await raw.destroy();
    }

    const { db } = await openDatabase(config);
    try {
      const clients = await db.selectFrom('clients').select(['id', 'version', 'deleted_at', 'deleted_by']).orderBy('id').execute();
      expect(clients).toEqual([
        { id: 'a', version: 1, deleted_at: null, deleted_by: null },
        { id: 'b', version: 1, deleted_at: null, deleted_by: null },
      ]);
      const log = await db.selectFrom('client_changes').selectAll().orderBy('seq').execute();
      expect(log.map(({ seq: _seq, after, ...entry }) => ({ ...entry, after: JSON.parse(after ?? 'null') as unknown }))).toEqual([
        {
          client_id: 'a',
          version: 1,
          kind: 'registered',
          actor: 'unknown',
          at: '2024-01-01T00:00:00.000Z',
          before: null,
          after: { firstName: 'Ann', lastName: 'Hart', email: 'a@example.com', registrationDateTime: '2024-05-01T10:30:00.000Z' },
          batch_id: null,
        },
        expect.objectContaining({ client_id: 'b', version: 1, kind: 'registered', actor: 'unknown', at: '2024-02-01T00:00:00.000Z' }),
      ]);
    } finally {
      await db.destroy();
    }
  });
});

describe('migration 0007_team', () => {
  it('makes the accounts already there owners, keeps their sessions (each given an id) and signs nobody out', async () => {
    const config = await freshTestDatabase();
    const raw = rawDatabase(config);
    const at = '2025-01-01T00:00:00.000Z';
    try {
      const migrator = new Migrator({ db: raw, provider: migrationProvider });
      const { error } = await migrator.migrateTo('0006_rewrite_without_removed_rows');
      expect(error).toBeUndefined();
      const account = (id: string) => ({ id, username: id, password_hash: 'x', created_at: at, password_changed_at: at });
      const session = (tokenHash: string, staffId: string) => ({
        token_hash: tokenHash,
        staff_id: staffId,
        created_at: at,
        last_seen_at: at,
      });
      const before = raw as Kysely<{ staff: ReturnType<typeof account>; sessions: ReturnType<typeof session> }>;
      await before
        .insertInto('staff')
        .values([account('ana'), account('ben')])
        .execute();
      await before
        .insertInto('sessions')
        .values([session('h1', 'ana'), session('h2', 'ana'), session('h3', 'ben')])
        .execute();
    } finally {
      await raw.destroy();
    }

    const { db } = await openDatabase(config);
    try {
      const staff = await db
        .selectFrom('staff')
        .select(['username', 'role', 'disabled_at', 'last_sign_in_at'])
        .orderBy('username')
        .execute();
      expect(staff).toEqual([
        { username: 'ana', role: 'owner', disabled_at: null, last_sign_in_at: null },
        { username: 'ben', role: 'owner', disabled_at: null, last_sign_in_at: null },
      ]);
      const sessions = await db.selectFrom('sessions').select(['token_hash', 'id']).orderBy('token_hash').execute();
      expect(sessions.map((row) => row.token_hash)).toEqual(['h1', 'h2', 'h3']);
      const ids = sessions.map((row) => row.id);
      expect(new Set(ids).size).toBe(3);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await db.destroy();
    }
  });
});

describe('migration 0008_imports', () => {
  it('keeps the log’s entries and numbers (the next follows the highest ever given) and lets it hold "imported" entries', async () => {
    const config = await freshTestDatabase();
    const raw = rawDatabase(config);
    const at = '2025-01-01T00:00:00.000Z';
    const entry = (clientId: string) => ({
      client_id: clientId,
      version: 1,
      kind: 'registered',
      actor: 'ana',
      at,
      before: null,
      after: '{}',
    });
    try {
      const migrator = new Migrator({ db: raw, provider: migrationProvider });
      const { error } = await migrator.migrateTo('0007_team');
      expect(error).toBeUndefined();
      const before = raw as Kysely<{ client_changes: ReturnType<typeof entry> }>;
      await before
        .insertInto('client_changes')
        .values([entry('a'), entry('b'), entry('c')])
        .execute();
      // The newest entry purged: its number must not be given again.
      await before.deleteFrom('client_changes').where('client_id', '=', 'c').execute();
    } finally {
      await raw.destroy();
    }

    const { db } = await openDatabase(config);
    try {
      const kept = await db.selectFrom('client_changes').select(['seq', 'client_id', 'batch_id']).orderBy('seq').execute();
      expect(kept.map((row) => ({ ...row, seq: Number(row.seq) }))).toEqual([
        { seq: 1, client_id: 'a', batch_id: null },
        { seq: 2, client_id: 'b', batch_id: null },
      ]);
      const next = await db
        .insertInto('client_changes')
        .values({ ...entry('d'), kind: 'imported', batch_id: 'import-1' })
        .returning('seq')
        .executeTakeFirstOrThrow();
      expect(Number(next.seq)).toBe(4);
      // Migration 0009: merges and their undos are kinds of change, the log rebuilt again with its numbers.
      const merged = await db
        .insertInto('client_changes')
        .values({ ...entry('e'), kind: 'merged', batch_id: 'merge-1' })
        .returning('seq')
        .executeTakeFirstOrThrow();
      expect(Number(merged.seq)).toBe(5);
      await expect(
        db
          .insertInto('client_changes')
          .values({ ...entry('e'), kind: 'bogus' as 'imported' })
          .execute(),
      ).rejects.toThrow();
      expect(await db.selectFrom('imports').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('merges').selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
