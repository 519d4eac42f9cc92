/**
 * The email outbox (migration 0016, docs/decisions/039-email-outbox.md): an email is written with what it tells, in
 * the caller's transaction (`createOutboxRepository(trx).enqueue`), then claimed by one sender at a time for a lease,
 * and marked sent, or let go to be tried again later. Free of Node: the mock counts its emails with it too.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { isPostgres } from '../db/engine.ts';
import type { Database, OutboxTable } from '../db/schema.ts';
import type { ClientIds } from './client-log.ts';

/** A file sent with the email, its content as text (the .ics). */
type EmailAttachment = { filename: string; contentType: string; content: string };

/** An email as composed (email/booking-email.ts): to one visitor. */
export type OutgoingEmail = { to: string; subject: string; text: string; html: string; attachments: EmailAttachment[] };

/** An email as the outbox keeps it, with its fixed Message-ID. */
export type OutboxEmail = OutgoingEmail & { id: string; messageId: string; attempts: number };

const emailOf = (row: Selectable<OutboxTable>): OutboxEmail => ({
  id: row.id,
  messageId: row.message_id,
  to: row.recipient,
  subject: row.subject,
  text: row.text,
  html: row.html,
  attachments: JSON.parse(row.attachments) as EmailAttachment[],
  attempts: Number(row.attempts),
});

export function createOutboxRepository(db: Kysely<Database>) {
  /** Still to send, due at `at`, and held by nobody (or by a sender whose lease ran out). */
  const due = (at: string) =>
    db
      .selectFrom('outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', at)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]));

  return {
    /**
     * Writes `email` to send, now: run on the transaction of what it tells, it is sent only if that commits. Its
     * Message-ID is `<id@domain>`, fixed here. `clientId`: the client it is written to (erased with them).
     */
    async enqueue(email: OutgoingEmail, now: Date, domain: string, clientId: string | null = null): Promise<string> {
      const id = crypto.randomUUID();
      await db
        .insertInto('outbox')
        .values({
          id,
          message_id: `<${id}@${domain}>`,
          recipient: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          attachments: JSON.stringify(email.attachments),
          created_at: now.toISOString(),
          next_attempt_at: now.toISOString(),
          client_id: clientId,
        })
        .execute();
      return id;
    },

    /**
     * The next email due at `now`, taken by `sender` until `now + leaseMs`, its attempt counted; undefined when none
     * is due. One conditional UPDATE takes it, its row picked by a subquery run once: on PostgreSQL locked with SKIP
     * LOCKED (two instances take different rows, never one twice); SQLite's one writer runs the statement whole.
     */
    async claimNext(sender: string, now: Date, leaseMs: number): Promise<OutboxEmail | undefined> {
      const at = now.toISOString();
      let next = due(at).orderBy('next_attempt_at').limit(1);
      if (isPostgres(db)) next = next.forUpdate().skipLocked();
      const row = await db
        .updateTable('outbox')
        .set({
          claimed_by: sender,
          claimed_until: new Date(now.getTime() + leaseMs).toISOString(),
          attempts: sql<number>`attempts + 1`,
        })
        // A scalar subquery (not `IN`): PostgreSQL may run an `IN`'s again for each row, each run skipping to another.
        .where('id', '=', next)
        .where('sent_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return row && emailOf(row);
    },

    /** The SMTP server accepted it: sent. False when `sender` no longer held it (its lease ran out and another took it). */
    async markSent(id: string, sender: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('outbox')
        .set({ sent_at: now.toISOString(), claimed_by: null, claimed_until: null, last_error: null })
        .where('id', '=', id)
        .where('claimed_by', '=', sender)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Not sent (`error`): let go, to be tried again from `nextAttempt`. */
    async retryLater(id: string, sender: string, error: string, nextAttempt: Date): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ next_attempt_at: nextAttempt.toISOString(), claimed_by: null, claimed_until: null, last_error: error })
        .where('id', '=', id)
        .where('claimed_by', '=', sender)
        .where('sent_at', 'is', null)
        .execute();
    },

    /** Without SMTP: the emails not yet printed to the log, each marked printed by the one UPDATE that returns it. */
    async takeUnlogged(now: Date): Promise<OutboxEmail[]> {
      const rows = await db
        .updateTable('outbox')
        .set({ logged_at: now.toISOString() })
        .where('logged_at', 'is', null)
        .where('sent_at', 'is', null)
        .returningAll()
        .execute();
      return rows.map(emailOf);
    },

    /** When the next email falls due (its next attempt, or its holder's lease running out); null when none waits. */
    async nextDue(): Promise<Date | null> {
      const { next } = await db
        .selectFrom('outbox')
        .select(
          sql<
            string | null
          >`min(CASE WHEN claimed_until IS NOT NULL AND claimed_until > next_attempt_at THEN claimed_until ELSE next_attempt_at END)`.as(
            'next',
          ),
        )
        .where('sent_at', 'is', null)
        .executeTakeFirstOrThrow();
      return next === null ? null : new Date(next);
    },

    /** Deletes the emails sent before `before` (their recipients' addresses and texts with them); how many. */
    async purgeSentBefore(before: Date): Promise<number> {
      const result = await db.deleteFrom('outbox').where('sent_at', '<', before.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** How many emails wait to be sent (GET /api/outbox). */
    async waiting(): Promise<number> {
      const { count } = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('sent_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

/**
 * Deletes the emails written to `clients` (an erasure's or a purge's, in its transaction), sent or not: waiting, they
 * are not sent; sent, the address and text they keep go. A send under way finds its row gone and records nothing.
 */
export async function forgetClients(trx: Kysely<Database>, clients: ClientIds): Promise<void> {
  await trx.deleteFrom('outbox').where('client_id', 'in', clients).execute();
}
