/**
 * The emails (issue 41): the outbox, written in the transaction of what an email tells (the outbox repository's
 * `enqueue`, with this plugin's `domain`), and its sender, a background task woken by each commit of the book (a
 * booking writes its email in its own transaction), by `wake()` and by its timer, and polling every few seconds besides (docs/decisions/039-email-outbox.md). Sent
 * emails are deleted after SENT_EMAILS_KEEP_DAYS, on start and hourly.
 */
import fp from 'fastify-plugin';
import type { EmailConfig } from '../config.ts';
import { createEmailSender } from '../email/sender.ts';
import { smtpMailer } from '../email/transport.ts';
import { createOutboxRepository } from '../repositories/outbox.ts';

type EmailOutbox = {
  /** How many emails wait to be sent. */
  waiting(): Promise<number>;
  /** Tells the sender something was written (it is told of the book's commits already). */
  wake(): void;
  /** The salon's address (SALON_ADDRESS), for the emails. */
  address: string;
  /** The domain of the emails' Message-IDs (MAIL_FROM's). */
  domain: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    emailOutbox: EmailOutbox;
  }
}

/** A sent email is kept this long (what was sent, when: a visitor asking), then deleted with its personal data. */
const SENT_EMAILS_KEEP_DAYS = 7;
const PURGE_INTERVAL_MS = 3_600_000;

/** The sender runs at least this often (another instance's email, a missed signal). */
const OUTBOX_POLL_MS = 5000;
const SENDING_EMAILS = 'Sending emails';

/** The domain of the Message-IDs: MAIL_FROM's (config.ts checked it has one). */
const domainOf = (from: string): string => /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

export const emailPlugin = fp<{ email: EmailConfig }>(
  async (app, { email }) => {
    const outbox = createOutboxRepository(app.db);
    const mailer = email.smtpUrl === null ? null : smtpMailer(email.smtpUrl, email.from);
    let run = (): Promise<void> => Promise.resolve();
    const sender = createEmailSender({ outbox, mailer, log: app.log, run: () => run(), pollMs: OUTBOX_POLL_MS, tuning: email.tuning });
    run = app.backgroundTasks.every(SENDING_EMAILS, OUTBOX_POLL_MS, () => sender.pass());
    app.dbEngine.onCommit('book', sender.wake);
    const purge = app.backgroundTasks.every('Purging sent emails', PURGE_INTERVAL_MS, async () => {
      const purged = await outbox.purgeSentBefore(new Date(Date.now() - SENT_EMAILS_KEEP_DAYS * 86_400_000));
      if (purged > 0) app.log.info({ purged }, 'Purged emails sent more than SENT_EMAILS_KEEP_DAYS ago');
    });
    await purge();
    const domain = domainOf(email.from);
    app.decorate('emailOutbox', {
      waiting: () => outbox.waiting(),
      wake: sender.wake,
      address: email.address,
      domain,
    } satisfies EmailOutbox);
    // A restart lets the send under way finish and be recorded, so that it is not sent again (before the database closes).
    app.addHook('preClose', () => sender.stop());
    app.addHook('onClose', async () => mailer?.close());
    sender.wake();
  },
  { name: 'email', dependencies: ['background-tasks', 'database'] },
);
