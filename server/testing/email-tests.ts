/**
 * The email tests' SMTP server, configuration and what arrived (server/email/sending.test.ts, server/routes/booking-email.test.ts):
 * a real SMTP server on 127.0.0.1 stopped after the test, and the email settings that send through it with short waits.
 */
import type { ParsedMail } from 'mailparser';
import { expect, onTestFinished } from 'vitest';
import type { EmailConfig } from '../config.ts';
import { startTestSmtpServer, type TestSmtpServer } from './smtp.ts';

/** Quick waits, so that the tests of retrying are short. */
const QUICK: EmailConfig['tuning'] = { refused: { baseMs: 50, capMs: 200 }, unreachable: { baseMs: 50, capMs: 100 } };

/** An SMTP server on 127.0.0.1, stopped when the test finishes. */
export async function smtpServer(): Promise<TestSmtpServer> {
  const smtp = await startTestSmtpServer();
  onTestFinished(() => smtp.stop());
  return smtp;
}

/** Sending through `smtp` (null: no SMTP_URL, kept and printed), from the salon at Rua Augusta 1. */
export const emailConfig = (smtp: TestSmtpServer | null, tuning = QUICK): EmailConfig => ({
  smtpUrl: smtp?.url ?? null,
  from: 'Your Beauty Salon <salon@salon.example>',
  address: 'Rua Augusta 1, Lisbon',
  tuning,
});

/** The one email that arrived at `smtp`. */
export const arrived = (smtp: TestSmtpServer): ParsedMail => {
  expect(smtp.received).toHaveLength(1);
  return (smtp.received[0] as TestSmtpServer['received'][number]).mail;
};

/** Whom an email that arrived was sent to ('' for no one). */
export const recipient = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '');
