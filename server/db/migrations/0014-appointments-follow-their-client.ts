/**
 * A client's appointments follow the client (issue 40, docs/decisions/038-the-book.md): a client's deletion cancels
 * their upcoming appointments and marks them so (`cancelled_with_client`, the deletion's time), so that its Undo books
 * back those and no other; a merge moves the other client's appointments to the kept one and keeps which it moved
 * (`merges.moved_appointments`, a JSON array of ids), so that its undo moves those back.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('appointments').addColumn('cancelled_with_client', 'text').execute();
  await db.schema
    .alterTable('merges')
    .addColumn('moved_appointments', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
}
