/** Migration 0003 on a database that already holds clients (on SQLite, and PostgreSQL in test:postgres). */
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshTestDatabase } from '../testing/test-database.ts';
import { openDatabase, type DatabaseConfig } from './database.ts';
import { migrations } from './migrations.ts';

function rawDatabase(config: DatabaseConfig): Kysely<unknown> {
  return new Kysely({
    dialect:
      config.kind === 'sqlite'
        ? new SqliteDialect({ database: new SqliteDatabase(config.file) })
        : new PostgresDialect({ pool: new pg.Pool({ connectionString: config.url, max: 1 }) }),
  });
}

describe('migration 0003_client_changes', () => {
  it('gives existing clients version 1 and a "registered" entry each, by "unknown", at their creation', async () => {
    const config = await freshTestDatabase();
    const raw = rawDatabase(config);
    try {
      const migrator = new Migrator({ db: raw, provider: { getMigrations: () => Promise.resolve(migrations) } });
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
        },
        expect.objectContaining({ client_id: 'b', version: 1, kind: 'registered', actor: 'unknown', at: '2024-02-01T00:00:00.000Z' }),
      ]);
    } finally {
      await db.destroy();
    }
  });
});
