/**
 * The owner runs the team (issue 28, docs/decisions/026-roles-and-the-audit-trail.md): every account gets a role
 * (the accounts of an existing database become owners), can be disabled, and remembers its last sign-in; a session
 * gets an id to name it by and where it came from; one-time sign-in links; the audit trail, which the database
 * itself keeps append-only (an entry younger than MIN_AUDIT_KEEP_DAYS cannot be removed, none can be changed).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine.ts';
import { createNotifyFunction, notifyAfter } from './pg-notify.ts';

export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  await db.schema
    .alterTable('staff')
    .addColumn('role', 'text', (column) =>
      column
        .notNull()
        .defaultTo('owner')
        .check(sql`role IN ('owner', 'staff')`),
    )
    .execute();
  await db.schema.alterTable('staff').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('staff').addColumn('last_sign_in_at', 'text').execute();

  // Sessions started before have no id yet: one each, random like the new ones.
  await db.schema.alterTable('sessions').addColumn('id', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  const randomId = postgres ? sql`md5(random()::text || token_hash)` : sql`lower(hex(randomblob(16)))`;
  await sql`UPDATE sessions SET id = ${randomId}`.execute(db);
  await db.schema.createIndex('sessions_id').on('sessions').column('id').unique().execute();

  await db.schema
    .createTable('sign_in_links')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('staff_id', 'text', (column) => column.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sign_in_links_staff_id').on('sign_in_links').column('staff_id').execute();

  await db.schema
    .createTable('audit_entries')
    .addColumn('seq', postgres ? 'bigint' : 'integer', (column) =>
      postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
    )
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('actor', 'text', (column) => column.notNull())
    .addColumn('subject', 'text')
    .addColumn('detail', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('audit_entries_actor_seq').on('audit_entries').columns(['actor', 'seq']).execute();
  await db.schema.createIndex('audit_entries_at').on('audit_entries').column('at').execute();

  const appendOnly = 'The audit trail is append-only';
  if (postgres) {
    // Sessions ended and accounts changed reach the other instances at once (LISTEN auth_changes), so that their
    // event streams of an ended session close within a second.
    await createNotifyFunction(db, 'notify_auth_changes', 'auth_changes', 10);
    await notifyAfter(db, 'sessions_ended_notify', 'DELETE', 'sessions', 'notify_auth_changes');
    await notifyAfter(db, 'staff_changed_notify', 'UPDATE OR DELETE', 'staff', 'notify_auth_changes');

    await sql`
          CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF TG_OP = 'DELETE' AND OLD.at < to_char((now() - interval '30 days') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') THEN
              RETURN OLD;
            END IF;
            RAISE EXCEPTION '${sql.raw(appendOnly)}' USING ERRCODE = 'insufficient_privilege';
          END $$`.execute(db);
    await sql`
          CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries
          FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only()`.execute(db);
    await sql`
          CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries
          FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only()`.execute(db);
  } else {
    await sql`
          CREATE TRIGGER audit_entries_no_update BEFORE UPDATE ON audit_entries
          BEGIN SELECT RAISE(ABORT, '${sql.raw(appendOnly)}'); END`.execute(db);
    await sql`
          CREATE TRIGGER audit_entries_no_early_delete BEFORE DELETE ON audit_entries
          WHEN OLD.at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-30 days')
          BEGIN SELECT RAISE(ABORT, '${sql.raw(appendOnly)}'); END`.execute(db);
  }
}
