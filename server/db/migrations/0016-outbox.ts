/**
 * The email outbox (issue 41, docs/decisions/039-email-outbox.md): each email written in the transaction of what it
 * tells (a booking), then sent by the background sender (server/email/sender.ts), on both engines alike. A row is
 * claimed for a lease (`claimed_by`, `claimed_until`) by the conditional UPDATE that picks it, so that one instance
 * sends it; `message_id` is fixed when it is written, so a rare second delivery carries the same Message-ID.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('message_id', 'text', (column) => column.notNull().unique())
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('html', 'text', (column) => column.notNull())
    // JSON text: the attachments (filename, content type, content as text: the .ics).
    .addColumn('attachments', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    // The sender holding it, and until when: past that, another may take it (the holder stopped mid-send).
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    // Without SMTP_URL: when it was printed to the log (once).
    .addColumn('logged_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_waiting').on('outbox').columns(['sent_at', 'next_attempt_at']).execute();
}
