/**
 * The outbox's sender (docs/decisions/039-email-outbox.md): takes one due email at a time under a lease, sends it,
 * marks it sent; when the SMTP server refuses it (4xx/5xx) it is tried again after an exponential wait (capped); when
 * the server cannot be reached, the email waits a short, capped time and nothing else is tried until it goes through,
 * so that the first try after the server is back is within a second. Woken by the commit signal and by `wake()`,
 * and by a timer at the next email's due time; stopping lets the send under way finish and be recorded.
 * Without a mailer (no SMTP_URL), each email is printed to the log once and stays in the outbox.
 */
import type { FastifyBaseLogger } from 'fastify';
import { failureEpisodes } from '../background/background-tasks.ts';
import type { OutboxRepository } from '../repositories/outbox.ts';
import { SMTP_TIMEOUTS, sendFailureOf, type Mailer } from './transport.ts';

type Backoff = { baseMs: number; capMs: number };

export type SenderTuning = {
  /** How long a claim holds an email: longer than an SMTP session can last (transport.ts). */
  leaseMs: number;
  /** Waits after the server refused an email: 2 s, 4 s, 8 s… up to 10 minutes. */
  refused: Backoff;
  /** Waits while the server cannot be reached: 250 ms, 500 ms, then every second. */
  unreachable: Backoff;
};

const SESSION_MS = SMTP_TIMEOUTS.connectionMs + SMTP_TIMEOUTS.greetingMs + 2 * SMTP_TIMEOUTS.socketMs;

export const DEFAULT_SENDER_TUNING: SenderTuning = {
  leaseMs: 2 * SESSION_MS,
  refused: { baseMs: 2000, capMs: 600_000 },
  unreachable: { baseMs: 250, capMs: 1000 },
};

/** The wait before the next try after `failures` failures in a row (1, 2, …). */
export const backoffMs = (failures: number, { baseMs, capMs }: Backoff): number => Math.min(capMs, baseMs * 2 ** (failures - 1));

export type SenderOptions = {
  outbox: OutboxRepository;
  /** Null without SMTP_URL: emails are printed to the log instead. */
  mailer: Mailer | null;
  log: FastifyBaseLogger;
  /** Runs the sender's background task now (or joins the run under way). */
  run: () => Promise<void>;
  /** A timer's longest wait: the background task runs at least this often anyway. */
  pollMs: number;
  tuning?: Partial<SenderTuning>;
};

export function createEmailSender({ outbox, mailer, log, run, pollMs, tuning }: SenderOptions) {
  const { leaseMs, refused, unreachable } = { ...DEFAULT_SENDER_TUNING, ...tuning };
  /** This sender's claims: a new one per process, so a restarted server never takes its predecessor's claim for its own. */
  const sender = crypto.randomUUID();
  const smtp = failureEpisodes(log, 'Sending emails through SMTP');
  let unreachableInARow = 0;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> | undefined;

  async function printDue(): Promise<void> {
    for (const { id, messageId, to, subject, text } of await outbox.takeUnlogged(new Date())) {
      log.info({ email: { id, messageId, to, subject, text } }, 'Email kept in the outbox, not sent: SMTP_URL is not set');
    }
  }

  /** Sends what is due, one at a time, until none is, the server is unreachable, or the sender stops. */
  async function sendDue(send: Mailer['send']): Promise<void> {
    while (!stopped) {
      const email = await outbox.claimNext(sender, new Date(), leaseMs);
      if (!email) return;
      try {
        await send(email);
      } catch (error) {
        const failure = sendFailureOf(error);
        smtp.failed(error);
        if (failure.kind === 'refused') {
          await outbox.retryLater(email.id, sender, failure.message, new Date(Date.now() + backoffMs(email.attempts, refused)));
          continue;
        }
        unreachableInARow += 1;
        await outbox.retryLater(email.id, sender, failure.message, new Date(Date.now() + backoffMs(unreachableInARow, unreachable)));
        return;
      }
      unreachableInARow = 0;
      smtp.succeeded();
      await outbox.markSent(email.id, sender, new Date());
    }
  }

  /** A timer for the next email due (a retry, or a lease running out) sooner than the next poll. */
  async function scheduleNext(): Promise<void> {
    const next = await outbox.nextDue();
    if (next === null || stopped) return;
    const delay = Math.max(0, next.getTime() - Date.now());
    if (delay >= pollMs) return;
    clearTimeout(timer);
    timer = setTimeout(wake, delay);
    timer.unref();
  }

  async function passes(): Promise<void> {
    do {
      again = false;
      if (mailer) await sendDue((email) => mailer.send(email));
      else await printDue();
    } while (again && !stopped);
    if (mailer) await scheduleNext();
  }

  function wake(): void {
    again = true;
    void run();
  }

  return {
    /** The background task's run: sends what is due (again if woken meanwhile), then sets the timer. */
    async pass(): Promise<void> {
      if (stopped) return;
      clearTimeout(timer);
      current = passes();
      try {
        await current;
      } finally {
        current = undefined;
      }
    },
    /** Something may have been written to the outbox (a commit): send it soon. */
    wake,
    /** No more sends; resolves once the send under way (if any) is finished and recorded. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await current?.catch(() => undefined);
    },
  };
}
