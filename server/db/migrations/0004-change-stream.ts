/**
 * Live updates (issue 19): the log remembers how far purges have removed it, so that a stream asked to replay from
 * before that says it cannot; on PostgreSQL, each new entry notifies the instances (LISTEN client_changes).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('client_changes_purged')
    .addColumn('through', 'bigint', (column) => column.notNull())
    .execute();
  await sql`INSERT INTO client_changes_purged (through) VALUES (0)`.execute(db);
  if (!isPostgres(db)) return;
  await sql`
        CREATE FUNCTION notify_client_changes() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify('client_changes', '');
          RETURN NULL;
        END $$`.execute(db);
  await sql`
        CREATE TRIGGER client_changes_notify AFTER INSERT ON client_changes
        FOR EACH STATEMENT EXECUTE FUNCTION notify_client_changes()`.execute(db);
}
