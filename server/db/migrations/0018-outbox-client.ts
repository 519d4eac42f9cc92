/**
 * An email names the client it is written to (issue 41, docs/decisions/039-email-outbox.md): a client's erasure (GDPR)
 * and the purge of deleted clients delete that client's emails from the outbox, with the address and text they hold.
 * No foreign key: a merge takes the merged client's row away and its waiting emails must still go; the erasure of the
 * client it was merged into forgets them with its history (client-log.ts). Null for an email of no client.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('outbox').addColumn('client_id', 'text').execute();
  await db.schema.createIndex('outbox_client').on('outbox').column('client_id').execute();
}
