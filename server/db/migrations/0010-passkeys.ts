/**
 * Passkeys (issue 30, docs/decisions/030-passkeys.md): each account's WebAuthn credentials (the public key as
 * base64url text, portable to both engines), the challenges handed out (single-use: the DELETE that removes one is
 * what spends it, across instances), and whether the account asks for its passkey after its password (off).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
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
}
