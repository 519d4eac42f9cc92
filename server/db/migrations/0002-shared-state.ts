/**
 * What several instances on one PostgreSQL database share instead of keeping it in memory
 * (postgres.ts, auth/shared-login-throttle.ts). SQLite serves one process, which keeps
 * these in memory: nothing to do there.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';

export async function up(db: Kysely<unknown>) {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('data_versions')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('version', 'bigint', (column) => column.notNull())
    .execute();
  await sql`INSERT INTO data_versions (name, version) VALUES ('clients', 0), ('auth', 0)`.execute(db);
  await sql`
        CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE data_versions SET version = version + 1 WHERE name = TG_ARGV[0];
          RETURN NULL;
        END $$`.execute(db);
  for (const [table, watched] of [
    ['clients', 'clients'],
    ['sessions', 'auth'],
    ['staff', 'auth'],
  ] as const) {
    await sql`
          CREATE TRIGGER ${sql.raw(`${table}_changed`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
          FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version(${sql.lit(watched)})`.execute(db);
  }

  // The login throttle's failures and the logins being checked, by key (account or address).
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull().check(sql`state IN ('in_flight', 'failed')`))
    .execute();
  await db.schema.createIndex('login_attempts_key_at').on('login_attempts').columns(['key', 'at']).execute();
}
