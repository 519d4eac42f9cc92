/**
 * The online booking's confirmation (issue 41) through the API, against a real SMTP server on 127.0.0.1: written in
 * the booking's transaction and sent when it commits; its cancel link cancels; a booking refused or dropped sends
 * nothing; a client's erasure and the purge delete the client's emails. SQLite in `npm test`, PostgreSQL in
 * `npm run test:postgres`.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '#contract/api';
import type { Cancellation, Hold } from '#contract/online-booking';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { apiPaths } from '#contract/paths';
import type { EmailConfig } from '../config.ts';
import { asVisitor, bookingTest } from '../testing/book.ts';
import { arrived, emailConfig, recipient, smtpServer } from '../testing/email-tests.ts';
import { asStaff, STAFF, type LoggedInApp } from '../testing/test-app.ts';

/** A Monday 08:00 in London; the visitor books Tuesday 10:00, more than SALON_CANCEL_HOURS ahead. */
const NOW = '2026-11-30T08:00:00Z';
const START = '2026-12-01T10:00:00+00:00';
const aVisitor = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', offers: false, website: '' };

const setUp = (email: EmailConfig) => bookingTest({ timeZone: 'Europe/London', now: NOW, email });

async function heldToken(test: LoggedInApp): Promise<string> {
  const response = await asVisitor(test, 'POST', apiPaths.bookingHolds, {
    payload: { serviceId: 'cut', staff: STAFF.username, start: START },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Hold>().token;
}

const bookOnline = (test: LoggedInApp, holdToken: string, visitor: object = aVisitor) =>
  asVisitor(test, 'POST', apiPaths.bookingAppointments, { payload: { holdToken, ...visitor } });

const outbox = (test: LoggedInApp) => test.app.db.selectFrom('outbox').select(['recipient', 'client_id', 'sent_at']).execute();

describe('the booking’s confirmation', () => {
  it('arrives once the booking commits, whole, and its cancel link cancels the appointment', async () => {
    const smtp = await smtpServer();
    const { test } = await setUp(emailConfig(smtp));
    const booked = await bookOnline(test, await heldToken(test));
    expect(booked.statusCode, booked.body).toBe(201);
    // Well within the sender's 5 s poll: the booking's commit woke it.
    await smtp.arrived(1, 2000);

    const mail = arrived(smtp);
    expect(mail.subject).toBe(onlineBookingTexts.emailSubject);
    expect(recipient(mail)).toBe('ana@example.com');
    expect(mail.text).toContain('Hello Ana,');
    expect(mail.text).toContain('Service: Haircut and styling');
    expect(mail.text).toContain('Day: Tuesday, 1 December 2026');
    expect(mail.text).toContain('Time: 10:00 (Europe/London time)');
    expect(mail.text).toContain('Address: Rua Augusta 1, Lisbon');
    expect(mail.html).toContain('Haircut and styling');
    const [ics] = mail.attachments;
    expect(ics?.filename).toBe('appointment.ics');
    expect(ics?.content.toString()).toContain('DTSTART:20261201T100000Z');

    // The link on the request's origin (PUBLIC_ORIGIN when set), its token the only one that cancels.
    const link = /To cancel, open this link: (\S+)/.exec(mail.text ?? '')?.[1] ?? '';
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost/');
    const cancelToken = url.searchParams.get('cancel') ?? '';
    const path = apiPaths.bookingCancellation(cancelToken);
    const shown = await asVisitor(test, 'GET', path);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<Cancellation>()).toEqual({ service: 'Haircut and styling', start: START, cancellable: true });
    const cancelled = await asVisitor(test, 'POST', path);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Cancellation>().cancellable).toBe(false);
    expect((await asVisitor(test, 'GET', path)).statusCode).toBe(404);
  });

  it('is not written when the booking fails (the time taken: 409), nor when a bot filled the hidden field', async () => {
    const smtp = await smtpServer();
    const { test, client } = await setUp(emailConfig(smtp));
    const token = await heldToken(test);
    // Staff at the desk may book a time a visitor holds; the visitor's Book then meets it taken.
    const desk = { clientId: client._id, serviceId: 'cut', staff: STAFF.username, start: START };
    expect((await asStaff(test, 'POST', apiPaths.appointments, { payload: desk })).statusCode).toBe(201);
    const refused = await bookOnline(test, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: onlineBookingTexts.taken });
    expect(await outbox(test)).toEqual([]);

    const other = await asVisitor(test, 'POST', apiPaths.bookingHolds, {
      payload: { serviceId: 'cut', staff: STAFF.username, start: '2026-12-01T12:00:00+00:00' },
    });
    const dropped = await bookOnline(test, other.json<Hold>().token, { ...aVisitor, website: 'https://spam.example' });
    expect(dropped.statusCode).toBe(201);
    expect(await outbox(test)).toEqual([]);
    expect(smtp.received).toEqual([]);
  });
});

describe('a client’s emails', () => {
  /** An online booking by `client`'s email, its confirmation kept waiting (no SMTP_URL). */
  async function waitingFor(test: LoggedInApp, client: Client) {
    expect((await bookOnline(test, await heldToken(test), { ...aVisitor, email: client.email })).statusCode).toBe(201);
    expect(await outbox(test)).toEqual([{ recipient: client.email, client_id: client._id, sent_at: null }]);
  }

  it('are deleted from the outbox when the client is erased', async () => {
    const { test, client } = await setUp(emailConfig(null));
    await waitingFor(test, client);
    expect((await asStaff(test, 'POST', apiPaths.eraseClient(client._id))).statusCode).toBe(204);
    expect(await outbox(test)).toEqual([]);
  });

  it('are deleted from the outbox when the deleted client is purged, and not before', async () => {
    const { test, client } = await setUp(emailConfig(null));
    await waitingFor(test, client);
    expect((await asStaff(test, 'DELETE', apiPaths.client(client._id))).statusCode).toBe(204);
    expect(await test.app.clientStore.purgeDeleted(30)).toBe(0);
    expect(await outbox(test)).toHaveLength(1);
    test.clock.advance(31 * 86_400_000);
    expect(await test.app.clientStore.purgeDeleted(30)).toBe(1);
    expect(await outbox(test)).toEqual([]);
  });
});
