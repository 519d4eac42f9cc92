/**
 * The SMTP transport (Nodemailer) from SMTP_URL: `smtp://user:password@host:587` (STARTTLS when offered) or
 * `smtps://user:password@host:465` (TLS from the start). Each send is one SMTP session; its time-outs are far shorter
 * than the outbox's lease (sender.ts), so a send never outlives the claim it was made under.
 */
import nodemailer from 'nodemailer';
import type { OutboxEmail } from '../repositories/outbox.ts';

/** What the sender sends through: SMTP, or (tests) anything that behaves like it. */
export type Mailer = { send(email: OutboxEmail): Promise<void>; close(): void };

/** Connection, greeting and idle socket time-outs of one SMTP session, ms. */
export const SMTP_TIMEOUTS = { connectionMs: 5000, greetingMs: 5000, socketMs: 15_000 } as const;

/** How a send failed: the server answered 4xx/5xx (`refused`), or could not be reached or dropped the session. */
export type SendFailure = { kind: 'refused' | 'unreachable'; message: string };

export function sendFailureOf(error: unknown): SendFailure {
  const { responseCode, message } = (error ?? {}) as { responseCode?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  return typeof responseCode === 'number' && responseCode >= 400
    ? { kind: 'refused', message: text }
    : { kind: 'unreachable', message: text };
}

/** Nodemailer's options for SMTP_URL (checked by config.ts): host, port, TLS and the credentials in the URL. */
function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username && { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }),
    connectionTimeout: SMTP_TIMEOUTS.connectionMs,
    greetingTimeout: SMTP_TIMEOUTS.greetingMs,
    socketTimeout: SMTP_TIMEOUTS.socketMs,
  };
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpOptions(smtpUrl));
  return {
    async send(email) {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: email.messageId,
        attachments: email.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })),
      });
    },
    close: () => transport.close(),
  };
}
