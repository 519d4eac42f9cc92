/**
 * The outbox's sending (issue 41, docs/decisions/039-email-outbox.md), against a real SMTP server on 127.0.0.1: the
 * booking's email arrives whole; an outage and refusals are retried; two instances send an email once; a restart
 * mid-send does not send it again; without SMTP_URL it is printed once and kept.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { apiPaths } from '#contract/paths';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createOutboxRepository, type OutgoingEmail } from '../repositories/outbox.ts';
import { arrived, emailConfig, recipient, smtpServer } from '../testing/email-tests.ts';
import { asStaffMember, createTestApp, loggedIn, type TestApp } from '../testing/test-app.ts';
import { bookingEmail } from './booking-email.ts';

const START = Date.parse('2026-12-01T10:00:00Z');

const anEmail = (to = 'ana@example.com') =>
  bookingEmail({
    to,
    firstName: 'Ana',
    service: 'Haircut and styling',
    start: START,
    end: START + 3_600_000,
    timeZone: 'Europe/Lisbon',
    address: 'Rua Augusta 1, Lisbon',
    cancelUrl: 'https://salon.example/?cancel=abc',
    appointmentId: 'appointment-1',
    now: new Date(),
  });

async function send(test: TestApp, email = anEmail()): Promise<string> {
  const id = await enqueue(test, email);
  test.app.emailOutbox.wake();
  return id;
}

/** Writes `email` to the outbox as a booking's transaction does (on `db`, the app's by default). Its id. */
const enqueue = (test: TestApp, email: OutgoingEmail, db: Kysely<Database> = test.app.db) =>
  createOutboxRepository(db).enqueue(email, new Date(), test.app.emailOutbox.domain);

const row = (test: TestApp, id: string) => test.app.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The row once marked sent (moments after the SMTP server accepted it). */
const sentRow = (test: TestApp, id: string) =>
  vi.waitFor(async () => {
    const sent = await row(test, id);
    expect(sent.sent_at).not.toBeNull();
    return sent;
  });

describe('the outbox', () => {
  it('sends the booking’s email with its subject, text, HTML and .ics, through SMTP_URL’s account', async () => {
    const smtp = await smtpServer();
    const test = await loggedIn({ config: { email: emailConfig(smtp) } });
    const id = await enqueue(test, anEmail());
    const before = await test.app.inject({ method: 'GET', url: apiPaths.outbox, headers: { cookie: test.cookie } });
    expect(before.json()).toEqual({ waiting: 1 });
    test.app.emailOutbox.wake();
    await smtp.arrived(1);

    const mail = arrived(smtp);
    expect(mail.subject).toBe(onlineBookingTexts.emailSubject);
    expect(mail.from?.text).toBe('"Your Beauty Salon" <salon@salon.example>');
    expect(recipient(mail)).toBe('ana@example.com');
    expect(mail.text).toContain('Service: Haircut and styling');
    expect(mail.text).toContain('Day: Tuesday, 1 December 2026');
    expect(mail.text).toContain('Time: 10:00 (Europe/Lisbon time)');
    expect(mail.text).toContain('Address: Rua Augusta 1, Lisbon');
    expect(mail.text).toContain('https://salon.example/?cancel=abc');
    expect(mail.html).toContain('<a href="https://salon.example/?cancel=abc">Cancel your appointment</a>');
    const [ics] = mail.attachments;
    expect(ics?.filename).toBe('appointment.ics');
    expect(ics?.contentType).toBe('text/calendar');
    expect(ics?.content.toString('utf8')).toContain('DTSTART:20261201T100000Z\r\nDTEND:20261201T110000Z\r\n');
    const sent = await sentRow(test, id);
    expect(mail.messageId).toBe(sent.message_id);
    expect(sent.message_id).toMatch(/^<[\w-]+@salon\.example>$/);
    expect(sent).toMatchObject({ attempts: 1, claimed_by: null, last_error: null });
    const after = await test.app.inject({ method: 'GET', url: apiPaths.outbox, headers: { cookie: test.cookie } });
    expect([after.statusCode, after.json()]).toEqual([200, { waiting: 0 }]);
  });

  it('is for owners only', async () => {
    const staff = await asStaffMember(await loggedIn());
    const response = await staff.app.inject({ method: 'GET', url: apiPaths.outbox, headers: { cookie: staff.cookie } });
    expect([response.statusCode, response.json()]).toEqual([403, { message: 'Only an owner can see the outbox.' }]);
  });

  it('keeps an email while the SMTP server is down, and sends it once it is back', async () => {
    const smtp = await smtpServer();
    await smtp.stop();
    const test = await createTestApp({ config: { email: emailConfig(smtp) } });
    const id = await send(test);
    await sleep(400);
    const waiting = await row(test, id);
    expect(waiting.sent_at).toBeNull();
    expect(waiting.attempts).toBeGreaterThan(1);
    expect(waiting.last_error).toMatch(/ECONNREFUSED/);

    await smtp.start();
    const back = performance.now();
    await smtp.arrived(1, 2000);
    expect(smtp.received[0]!.at - back).toBeLessThan(2000);
    await sleep(300);
    expect(smtp.received).toHaveLength(1);
    await sentRow(test, id);
  });

  it('tries again, later each time, when the server refuses (4xx, then 5xx)', async () => {
    const smtp = await smtpServer();
    smtp.refuseNext(451);
    smtp.refuseNext(550);
    const test = await createTestApp({ config: { email: emailConfig(smtp) } });
    const id = await send(test);
    await smtp.arrived(1);
    await sleep(200);
    expect(smtp.received).toHaveLength(1);
    expect(await sentRow(test, id)).toMatchObject({ attempts: 3, last_error: null });
  });

  it('is sent once by two instances on one database', async () => {
    const smtp = await smtpServer();
    const first = await createTestApp({ config: { email: emailConfig(smtp) } });
    const second = await createTestApp({ database: first.database, withStaff: false, config: { email: emailConfig(smtp) } });
    await first.app.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 10; n += 1) await enqueue(first, anEmail(`visitor${n}@example.com`), trx);
    });
    first.app.emailOutbox.wake();
    second.app.emailOutbox.wake();
    await smtp.arrived(10);
    await sleep(300);
    const recipients = smtp.received.map(({ mail }) => recipient(mail));
    expect(recipients).toHaveLength(10);
    expect(new Set(recipients).size).toBe(10);
    await vi.waitFor(async () => expect(await first.app.emailOutbox.waiting()).toBe(0));
  });

  it('finishes and records the send under way when the server restarts, and the next start does not send it again', async () => {
    const smtp = await smtpServer();
    let started = () => {};
    const arriving = new Promise<void>((resolve) => (started = resolve));
    smtp.holdAcceptance(300, started);
    const test = await createTestApp({ config: { email: emailConfig(smtp) } });
    const id = await send(test);
    await arriving;
    await test.app.close();
    expect(smtp.received).toHaveLength(1);
    expect((await row(await createTestApp({ database: test.database, withStaff: false }), id)).sent_at).not.toBeNull();

    const restarted = await createTestApp({ database: test.database, withStaff: false, config: { email: emailConfig(smtp) } });
    restarted.app.emailOutbox.wake();
    await sleep(300);
    expect(smtp.received).toHaveLength(1);
  });

  it('sends an email a stopped server had claimed once its lease runs out, and only then', async () => {
    const smtp = await smtpServer();
    const test = await createTestApp({ config: { email: emailConfig(smtp) } });
    const id = await enqueue(test, anEmail());
    // A server that stopped mid-send, before the SMTP server accepted the email: its claim, and nothing else.
    const claimed = await createOutboxRepository(test.app.db).claimNext('a-stopped-server', new Date(), 400);
    expect(claimed?.id).toBe(id);
    test.app.emailOutbox.wake();
    await sleep(200);
    expect(smtp.received).toHaveLength(0);
    await smtp.arrived(1, 2000);
    await sleep(200);
    expect(smtp.received).toHaveLength(1);
    expect(await sentRow(test, id)).toMatchObject({ attempts: 2, claimed_by: null });
  });

  it('deletes the emails sent more than a week ago, on start', async () => {
    const smtp = await smtpServer();
    const test = await createTestApp({ config: { email: emailConfig(smtp) } });
    const [old, recent] = [await send(test), await send(test, anEmail('bo@example.com'))];
    await smtp.arrived(2);
    await sentRow(test, old);
    await sentRow(test, recent);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await test.app.db.updateTable('outbox').set({ sent_at: eightDaysAgo }).where('id', '=', old).execute();
    await test.app.close();
    const restarted = await createTestApp({ database: test.database, withStaff: false, config: { email: emailConfig(smtp) } });
    const left = await restarted.app.db.selectFrom('outbox').select('id').execute();
    expect(left.map(({ id }) => id)).toEqual([recent]);
  });

  it('without SMTP_URL, keeps each email and prints it to the log once', async () => {
    const test = await createTestApp({ config: { email: emailConfig(null) } });
    await send(test);
    await send(test, anEmail('bo@example.com'));
    await sleep(100);
    test.app.emailOutbox.wake();
    await sleep(100);
    const printed = test.logs
      .filter((line) => line.includes('SMTP_URL is not set'))
      .map((line) => JSON.parse(line) as { email: { to: string } });
    expect(printed.map(({ email }) => email.to).sort()).toEqual(['ana@example.com', 'bo@example.com']);
    expect(await test.app.emailOutbox.waiting()).toBe(2);
  });
});
