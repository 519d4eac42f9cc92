/**
 * Live updates (issue 19): the log remembers how far purges have removed it, so that a stream asked to replay from
 * before that says it cannot; on PostgreSQL, each new entry notifies the instances (LISTEN client_changes).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';
import { createNotifyFunction, notifyAfter } from './pg-notify.ts';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('client_changes_purged')
    .addColumn('through', 'bigint', (column) => column.notNull())
    .execute();
  await sql`INSERT INTO client_changes_purged (through) VALUES (0)`.execute(db);
  if (!isPostgres(db)) return;
  await createNotifyFunction(db, 'notify_client_changes', 'client_changes', 8);
  await notifyAfter(db, 'client_changes_notify', 'INSERT', 'client_changes', 'notify_client_changes');
}
