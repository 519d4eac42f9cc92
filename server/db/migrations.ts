/**
 * Schema migrations, run on every start by Kysely's Migrator, in name order; a released one is never edited,
 * only followed. Written with Kysely's schema builder, so that they run on PostgreSQL too.
 */
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from './engine.ts';

export const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('staff')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('username', 'text', (column) => column.notNull().unique())
        .addColumn('password_hash', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('password_changed_at', 'text', (column) => column.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('staff_id', 'text', (column) => column.notNull().references('staff.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('last_seen_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('sessions_staff_id').on('sessions').column('staff_id').execute();

      await db.schema
        .createTable('clients')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('first_name', 'text', (column) => column.notNull())
        .addColumn('last_name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('registration_date_time', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .execute();
      // The list is read in this order: oldest registration first.
      await db.schema.createIndex('clients_registration_date_time').on('clients').columns(['registration_date_time', 'id']).execute();
    },
  },

  /**
   * What several instances on one PostgreSQL database share instead of keeping it in memory
   * (postgres.ts, auth/shared-login-throttle.ts). SQLite serves one process, which keeps
   * these in memory: nothing to do there.
   */
  '0002_shared_state': {
    async up(db: Kysely<unknown>) {
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
    },
  },

  /**
   * Several staff on one client list (issue 18): every client gets a version, a deletion is a mark that can be
   * undone, and one change log records every write. Clients already stored get a "registered" entry each.
   */
  '0003_client_changes': {
    async up(db: Kysely<unknown>) {
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
        .addColumn('kind', 'text', (column) =>
          column.notNull().check(sql`kind IN ('registered', 'updated', 'deleted', 'restored', 'erased')`),
        )
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
    },
  },

  /**
   * Live updates (issue 19): the log remembers how far purges have removed it, so that a stream asked to replay from
   * before that says it cannot; on PostgreSQL, each new entry notifies the instances (LISTEN client_changes).
   */
  '0004_change_stream': {
    async up(db: Kysely<unknown>) {
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
    },
  },

  /**
   * Registrations sent again (issue 20): the Idempotency-Key of each registration, per staff account, for 24 hours.
   * Only ids: what was registered is the client's "registered" entry in the log.
   */
  '0005_idempotency_keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('actor', 'text', (column) => column.notNull())
        .addColumn('key', 'text', (column) => column.notNull())
        .addColumn('client_id', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pkey', ['actor', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
    },
  },

  /**
   * An erasure that erases: SQLite now zeroes what a write removes (secure_delete, sqlite.ts), but a file written
   * before kept removed rows, earlier values among them, in free pages and in the free space of pages. VACUUM, once,
   * rewrites the file from its live rows only; the checkpoint empties the write-ahead log of the pages it held
   * (docs/decisions/025-an-erasure-that-erases.md). PostgreSQL: nothing to do (its VACUUM: docs/operations.md).
   */
  '0006_rewrite_without_removed_rows': {
    async up(db: Kysely<unknown>) {
      if (isPostgres(db)) return;
      await sql`VACUUM`.execute(db);
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    },
  },

  /**
   * The owner runs the team (issue 28, docs/decisions/026-roles-and-the-audit-trail.md): every account gets a role
   * (the accounts of an existing database become owners), can be disabled, and remembers its last sign-in; a session
   * gets an id to name it by and where it came from; one-time sign-in links; the audit trail, which the database
   * itself keeps append-only (an entry younger than MIN_AUDIT_KEEP_DAYS cannot be removed, none can be changed).
   */
  '0007_team': {
    async up(db: Kysely<unknown>) {
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
        await sql`
          CREATE FUNCTION notify_auth_changes() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            PERFORM pg_notify('auth_changes', '');
            RETURN NULL;
          END $$`.execute(db);
        await sql`
          CREATE TRIGGER sessions_ended_notify AFTER DELETE ON sessions
          FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changes()`.execute(db);
        await sql`
          CREATE TRIGGER staff_changed_notify AFTER UPDATE OR DELETE ON staff
          FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changes()`.execute(db);

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
    },
  },

  /**
   * Importing clients (issue 29, docs/decisions/028-imports.md): each import's summary, kept to list it and take it
   * back; the log's entries of one import (or of its undo) share a batch id, so that the live updates send them as
   * one `batch` event; and "imported" is a kind of change. SQLite cannot change a CHECK: the log is rebuilt, its
   * numbers kept (and AUTOINCREMENT's counter with them).
   */
  '0008_imports': {
    async up(db: Kysely<unknown>) {
      const postgres = isPostgres(db);
      await db.schema
        .createTable('imports')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('at', 'text', (column) => column.notNull())
        .addColumn('actor', 'text', (column) => column.notNull())
        .addColumn('file_name', 'text', (column) => column.notNull())
        .addColumn('existing', 'text', (column) => column.notNull().check(sql`existing IN ('skip', 'update')`))
        .addColumn('created', 'integer', (column) => column.notNull())
        .addColumn('updated', 'integer', (column) => column.notNull())
        .addColumn('skipped', 'integer', (column) => column.notNull())
        .addColumn('undone_at', 'text')
        .addColumn('undone_by', 'text')
        // JSON text: the clients the undo left as they were (ClientNamed[]).
        .addColumn('undone_left', 'text')
        // A retried import (Idempotency-Key): answered from here for 24 hours, with the request's hash to compare.
        .addColumn('idempotency_key', 'text')
        .addColumn('request_hash', 'text')
        .execute();
      await db.schema.createIndex('imports_at').on('imports').column('at').execute();
      await db.schema.createIndex('imports_actor_idempotency_key').on('imports').columns(['actor', 'idempotency_key']).unique().execute();

      const kinds = sql`kind IN ('registered', 'updated', 'deleted', 'restored', 'erased', 'imported')`;
      if (postgres) {
        await db.schema.alterTable('client_changes').addColumn('batch_id', 'text').execute();
        await sql`ALTER TABLE client_changes DROP CONSTRAINT client_changes_kind_check`.execute(db);
        await sql`ALTER TABLE client_changes ADD CONSTRAINT client_changes_kind_check CHECK (${kinds})`.execute(db);
      } else {
        const counter = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = 'client_changes'`.execute(db);
        await db.schema
          .createTable('client_changes_0008')
          .addColumn('seq', 'integer', (column) => column.primaryKey().autoIncrement())
          .addColumn('client_id', 'text', (column) => column.notNull())
          .addColumn('version', 'integer', (column) => column.notNull())
          .addColumn('kind', 'text', (column) => column.notNull().check(kinds))
          .addColumn('actor', 'text', (column) => column.notNull())
          .addColumn('at', 'text', (column) => column.notNull())
          .addColumn('before', 'text')
          .addColumn('after', 'text')
          .addColumn('batch_id', 'text')
          .execute();
        await sql`
          INSERT INTO client_changes_0008 (seq, client_id, version, kind, actor, at, before, after)
          SELECT seq, client_id, version, kind, actor, at, before, after FROM client_changes ORDER BY seq`.execute(db);
        await db.schema.dropTable('client_changes').execute();
        await sql`ALTER TABLE client_changes_0008 RENAME TO client_changes`.execute(db);
        await db.schema.createIndex('client_changes_client_id_seq').on('client_changes').columns(['client_id', 'seq']).execute();
        const through = counter.rows[0]?.seq;
        if (through !== undefined) {
          await sql`UPDATE sqlite_sequence SET seq = max(seq, ${through}) WHERE name = 'client_changes'`.execute(db);
          await sql`INSERT INTO sqlite_sequence (name, seq) SELECT 'client_changes', ${through} WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'client_changes')`.execute(
            db,
          );
        }
      }
      await db.schema.createIndex('client_changes_batch_id').on('client_changes').column('batch_id').execute();
    },
  },

  /**
   * Merging duplicates (issue 29, docs/decisions/029-merges.md): each merge, with what its undo needs to put both
   * clients back as they were (the kept one's values before, the other's row as it was: it leaves the clients table
   * while merged); "merged" and "unmerged" are kinds of change. SQLite cannot change a CHECK: the log is rebuilt
   * again, its numbers kept (and AUTOINCREMENT's counter with them).
   */
  '0009_merges': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('merges')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('at', 'text', (column) => column.notNull())
        .addColumn('actor', 'text', (column) => column.notNull())
        .addColumn('kept_id', 'text', (column) => column.notNull())
        .addColumn('other_id', 'text', (column) => column.notNull())
        // The version the merge gave the kept client: an undo finds it unchanged only at this version.
        .addColumn('kept_version', 'integer', (column) => column.notNull())
        // JSON text: the kept client's fields before and after (ClientFields), the choices (MergeChoices).
        .addColumn('kept_before', 'text', (column) => column.notNull())
        .addColumn('kept_after', 'text', (column) => column.notNull())
        .addColumn('fields', 'text', (column) => column.notNull())
        // JSON text: the other client's row as it was, every column (an undo inserts it again).
        .addColumn('other_row', 'text', (column) => column.notNull())
        .addColumn('undone_at', 'text')
        .addColumn('undone_by', 'text')
        .execute();
      await db.schema.createIndex('merges_kept_id').on('merges').column('kept_id').execute();
      await db.schema.createIndex('merges_other_id').on('merges').column('other_id').execute();

      const kinds = sql`kind IN ('registered', 'updated', 'deleted', 'restored', 'erased', 'imported', 'merged', 'unmerged')`;
      if (isPostgres(db)) {
        await sql`ALTER TABLE client_changes DROP CONSTRAINT client_changes_kind_check`.execute(db);
        await sql`ALTER TABLE client_changes ADD CONSTRAINT client_changes_kind_check CHECK (${kinds})`.execute(db);
        return;
      }
      const counter = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = 'client_changes'`.execute(db);
      await db.schema
        .createTable('client_changes_0009')
        .addColumn('seq', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('client_id', 'text', (column) => column.notNull())
        .addColumn('version', 'integer', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull().check(kinds))
        .addColumn('actor', 'text', (column) => column.notNull())
        .addColumn('at', 'text', (column) => column.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('batch_id', 'text')
        .execute();
      await sql`
        INSERT INTO client_changes_0009 (seq, client_id, version, kind, actor, at, before, after, batch_id)
        SELECT seq, client_id, version, kind, actor, at, before, after, batch_id FROM client_changes ORDER BY seq`.execute(db);
      await db.schema.dropTable('client_changes').execute();
      await sql`ALTER TABLE client_changes_0009 RENAME TO client_changes`.execute(db);
      await db.schema.createIndex('client_changes_client_id_seq').on('client_changes').columns(['client_id', 'seq']).execute();
      await db.schema.createIndex('client_changes_batch_id').on('client_changes').column('batch_id').execute();
      const through = counter.rows[0]?.seq;
      if (through !== undefined) {
        await sql`UPDATE sqlite_sequence SET seq = max(seq, ${through}) WHERE name = 'client_changes'`.execute(db);
        await sql`INSERT INTO sqlite_sequence (name, seq) SELECT 'client_changes', ${through} WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'client_changes')`.execute(
          db,
        );
      }
    },
  },

  /**
   * Passkeys (issue 30, docs/decisions/030-passkeys.md): each account's WebAuthn credentials (the public key as
   * base64url text, portable to both engines), the challenges handed out (single-use: the DELETE that removes one is
   * what spends it, across instances), and whether the account asks for its passkey after its password (off).
   */
  '0010_passkeys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('passkeys')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('staff_id', 'text', (column) => column.notNull().references('staff.id').onDelete('cascade'))
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('public_key', 'text', (column) => column.notNull())
        .addColumn('counter', 'bigint', (column) => column.notNull())
        // JSON text: the transports the browser reported (AuthenticatorTransportFuture[]).
        .addColumn('transports', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('passkeys_staff_id').on('passkeys').column('staff_id').execute();

      await db.schema
        .createTable('passkey_challenges')
        .addColumn('challenge', 'text', (column) => column.primaryKey())
        .addColumn('purpose', 'text', (column) => column.notNull().check(sql`purpose IN ('register', 'sign-in', 'second-step')`))
        // Null for a sign-in with no username (the passkey names the account).
        .addColumn('staff_id', 'text', (column) => column.references('staff.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('passkey_challenges_expires_at').on('passkey_challenges').column('expires_at').execute();

      await db.schema
        .alterTable('staff')
        .addColumn('passkey_after_password', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
    },
  },
};

/** Brings the schema up to date; throws (and the server does not start) if a migration fails. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const which = failed ? ` ${failed.migrationName}` : '';
    throw new Error(`Database migration${which} failed`, { cause: error });
  }
}
