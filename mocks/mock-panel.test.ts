import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { bookingEmail } from '#server/email/booking-email.ts';
import { bookedOnline, openBookingWeek } from '#src/testing/serve-online-booking.ts';
import { recordCall } from './call-log.ts';
import { mockDb } from './db.ts';
import { showMockPanel } from './mock-panel.ts';

describe('the mock panel’s colleague', () => {
  afterEach(() => {
    document.querySelector('.salon-mock-panel')?.remove();
    window.history.replaceState(null, '', '/');
  });

  async function openPanel(path: string) {
    window.history.replaceState(null, '', path);
    showMockPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mock backend' }));
    return user;
  }

  it('edits the client on screen as staff "colleague": another last name, a new version', async () => {
    const user = await openPanel('/clients/edit/mock-000001');
    await user.click(screen.getByRole('button', { name: 'Colleague edits this client' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Colleague changed the last name from Hart to Novak'));
    expect(await mockDb.findVersioned('mock-000001')).toMatchObject({ client: { lastName: 'Novak' }, version: 2 });
    expect((await mockDb.history('mock-000001'))?.[0]).toMatchObject({ kind: 'updated', by: 'colleague' });
    await user.click(screen.getByRole('button', { name: 'Colleague edits this client' }));
    await expect.poll(async () => (await mockDb.findClient('mock-000001'))?.lastName).toBe('Lambert');
  });

  it('deletes the client on screen as staff "colleague"', async () => {
    const user = await openPanel('/clients/edit/mock-000002');
    await user.click(screen.getByRole('button', { name: 'Colleague deletes this client' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Colleague deleted this client.'));
    expect(await mockDb.findClient('mock-000002')).toBeUndefined();
    expect(await mockDb.listDeletedClients()).toEqual([expect.objectContaining({ _id: 'mock-000002', deletedBy: 'colleague' })]);
    await user.click(screen.getByRole('button', { name: 'Colleague edits this client' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The colleague found no client mock-000002 to update'));
  });

  it('registers a client as staff "colleague", anywhere', async () => {
    const user = await openPanel('/clients');
    await user.click(screen.getByRole('button', { name: 'Colleague registers a client' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Colleague registered Zoe Quinn.'));
    expect((await mockDb.listClients()).at(-1)).toMatchObject({ firstName: 'Zoe', lastName: 'Quinn', email: 'zoe.quinn.1@example.com' });
    expect((await mockDb.changes()).at(-1)).toMatchObject({ kind: 'registered', by: 'colleague' });
  });

  it('asks for an edit page elsewhere, changing nothing', async () => {
    const user = await openPanel('/clients');
    await user.click(screen.getByRole('button', { name: 'Colleague deletes this client' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Open a client’s edit page first'));
    expect(await mockDb.listDeletedClients()).toEqual([]);
  });
});

describe('the mock panel’s emails', () => {
  afterEach(() => document.querySelector('.salon-mock-panel')?.remove());

  const START = Date.parse('2030-03-05T10:00:00Z');
  /** A booking's email waiting in the mock's outbox, written by the server's outbox repository. */
  const enqueue = (to: string, token: string) =>
    mockDb.team(({ outbox }) =>
      outbox.enqueue(
        bookingEmail({
          to,
          firstName: 'Ana',
          service: 'Haircut',
          start: START,
          end: START + 3_600_000,
          timeZone: 'UTC',
          address: '1 Salon Street',
          cancelUrl: `http://localhost:5173/?cancel=${token}`,
          appointmentId: `a-${token}`,
          now: new Date(),
        }),
        new Date(),
        'example.com',
      ),
    );

  async function openPanel() {
    showMockPanel();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mock backend' }));
    return screen.getByRole('region', { name: 'Emails' });
  }

  it('sends what waits once it lists it: recipient, subject, when, the text, the cancel link that works', async () => {
    openBookingWeek();
    // The booking writes its own email (the server's booking transaction), its link on the page's origin.
    const token = await bookedOnline('2026-12-03T10:00:00+02:00');
    expect(await mockDb.outboxWaiting()).toBe(1);
    const emails = await openPanel();
    const email = await within(emails).findByRole('listitem');
    expect(email).toHaveTextContent(onlineBookingTexts.emailSubject);
    expect(email).toHaveTextContent('To ana@example.com, sent');
    expect(email).toHaveTextContent('Service: Haircut and styling');
    expect(email).toHaveTextContent(`To cancel, open this link: ${window.location.origin}/?cancel=${token}`);
    expect(within(email).getByRole('link', { name: 'Cancel your appointment' })).toHaveAttribute('href', `/?cancel=${token}`);
    expect(await mockDb.outboxWaiting()).toBe(0);
    const cancellation = await fetch(new URL(`/api/booking/cancellations/${token}`, window.location.origin));
    expect(await cancellation.json()).toMatchObject({ service: 'Haircut and styling', cancellable: true });
  });

  it('lists a new email after the next call, newest first', async () => {
    await enqueue('ana@example.com', 'first');
    const emails = await openPanel();
    await within(emails).findByRole('listitem');
    await enqueue('bo@example.com', 'second');
    recordCall({ method: 'POST', path: '/api/booking/appointments', status: 201, ms: 3 });
    await waitFor(() => expect(within(emails).getAllByRole('listitem')).toHaveLength(2));
    expect(within(emails).getAllByRole('listitem')[0]).toHaveTextContent('To bo@example.com');
  });

  it('says "No emails yet." when the mock sent none, and leaves what waits while closed', async () => {
    const emails = await openPanel();
    expect(within(emails).getByText('No emails yet.')).toBeVisible();
    expect(within(emails).queryByRole('list')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mock backend' }));
    await enqueue('ana@example.com', 'closed');
    recordCall({ method: 'POST', path: '/api/booking/appointments', status: 201, ms: 3 });
    expect(await mockDb.outboxWaiting()).toBe(1);
  });
});

describe('the mock panel’s scenarios', () => {
  afterEach(() => document.querySelector('.salon-mock-panel')?.remove());

  it('booking-taken: a checkbox that unchecks itself once the next online Book met it', async () => {
    showMockPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mock backend' }));
    await user.click(screen.getByRole('checkbox', { name: 'booking-taken' }));
    expect(screen.getByRole('button', { name: 'Mock scenario: booking-taken' })).toBeVisible();
    const book = await fetch(new URL('/api/booking/appointments', window.location.origin), { method: 'POST' });
    expect(book.status).toBe(409);
    expect(screen.getByRole('checkbox', { name: 'booking-taken' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Mock backend' })).toBeVisible();
  });
});
