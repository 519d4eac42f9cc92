/**
 * Several staff on one client list (issue 18): every client gets a version, a deletion is a mark that can be
 * undone, and one change log records every write. Clients already stored get a "registered" entry each.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';

export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  await db.schema
    .alterTable('clients')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('clients').addColumn('deleted_at', 'text').execute();
  await db.schema.alterTable('clients').addColumn('deleted_by', 'text').execute();

  await db.schema
    .createTable('client_changes')
    .addColumn('seq', postgres ? 'bigint' : 'integer', (column) =>
      // By default, not always: db:copy writes the numbers it reads.
      postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
    )
    // No foreign key: an erasure leaves its entry after the client is gone.
    .addColumn('client_id', 'text', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind IN ('registered', 'updated', 'deleted', 'restored', 'erased')`))
    .addColumn('actor', 'text', (column) => column.notNull())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('client_changes_client_id_seq').on('client_changes').columns(['client_id', 'seq']).execute();

  const fields = postgres
    ? sql`json_build_object('firstName', first_name, 'lastName', last_name, 'email', email, 'registrationDateTime', registration_date_time)::text`
    : sql`json_object('firstName', first_name, 'lastName', last_name, 'email', email, 'registrationDateTime', registration_date_time)`;
  await sql`
        INSERT INTO client_changes (client_id, version, kind, actor, at, before, after)
        SELECT id, 1, 'registered', 'unknown', created_at, NULL, ${fields} FROM clients ORDER BY created_at, id`.execute(db);
}
