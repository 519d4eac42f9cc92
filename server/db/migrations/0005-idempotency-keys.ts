/**
 * Registrations sent again (issue 20): the Idempotency-Key of each registration, per staff account, for 24 hours.
 * Only ids: what was registered is the client's "registered" entry in the log.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('actor', 'text', (column) => column.notNull())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('client_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['actor', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
}
