import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { mockDb } from '#mocks/db.ts';
import { recordRequests } from '../../../testing/request-log.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { bookedOnline, openBookingWeek } from '../../../testing/serve-online-booking.ts';

/** Thursday 3 December at 10:00 in Helsinki: more than a day away on Monday. */
const THURSDAY = '2026-12-03T10:00:00+02:00';
const QUESTION = 'Cancel your appointment on Thursday, 3 December at 10:00?';

/** The landing page opened from an email's cancel link, its question's chunk loaded inside act (a busy machine). */
async function openCancelLink(token: string) {
  await act(async () => void (await import('./cancel-appointment.tsx')));
  return renderApp(`/?cancel=${token}`);
}

describe('the cancel link, /?cancel={token}', () => {
  it('asks on the landing page, the day and time in the salon’s zone; "Cancel appointment" cancels it', async () => {
    openBookingWeek();
    const token = await bookedOnline(THURSDAY);
    const { user, router } = await openCancelLink(token);
    expect(await screen.findByText(QUESTION)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Beauty Salon' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ cancel: token });

    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(onlineBookingTexts.cancelled));
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
    // The link is used up.
    expect((await mockDb.bookingCancellation(token)).status).toBe('invalid');
  });

  it('"Keep it" leaves the appointment and closes the question', async () => {
    openBookingWeek();
    const token = await bookedOnline(THURSDAY);
    const { user, router } = await openCancelLink(token);
    await user.click(await screen.findByRole('button', { name: 'Keep it' }));
    expect(screen.queryByText(QUESTION)).not.toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
    expect(await mockDb.bookingCancellation(token)).toMatchObject({ status: 'found', cancellation: { cancellable: true } });
  });

  it('within the cancel hours, asks to call the salon: known on opening', async () => {
    openBookingWeek();
    const token = await bookedOnline('2026-12-01T10:00:00+02:00');
    await openCancelLink(token);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(onlineBookingTexts.tooLate));
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
  });

  it('within the cancel hours, asks to call the salon: the hours passing while the question is open', async () => {
    openBookingWeek();
    const token = await bookedOnline(THURSDAY);
    const { user } = await openCancelLink(token);
    await screen.findByText(QUESTION);
    vi.setSystemTime(Date.parse('2026-12-02T12:00:00Z'));
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(onlineBookingTexts.tooLate));
  });

  it('a used or unknown link: no longer valid', async () => {
    openBookingWeek();
    const token = await bookedOnline(THURSDAY);
    await mockDb.cancelOnline(token);
    await openCancelLink(token);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(onlineBookingTexts.linkInvalid));
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
  });

  it('the landing page without a link asks nothing', async () => {
    const requests = recordRequests();
    await renderApp('/');
    expect(screen.queryByRole('region', { name: 'Your appointment' })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.includes('/api/booking'))).toEqual([]);
  });
});
