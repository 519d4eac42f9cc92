import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { recordRequests } from '../../../testing/request-log.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { serveCancellation } from '../../../testing/serve-online-booking.ts';

const QUESTION = 'Cancel your appointment on Tuesday, 1 December at 10:00?';

/** The landing page opened from an email's cancel link, its question's chunk loaded inside act (a busy machine). */
async function openCancelLink(token = 'a-token') {
  await act(async () => void (await import('./cancel-appointment.tsx')));
  return renderApp(`/?cancel=${token}`);
}

describe('the cancel link, /?cancel={token}', () => {
  it('asks on the landing page, the day and time in the salon’s zone; "Cancel appointment" cancels it', async () => {
    const cancelled = serveCancellation({ status: 200 });
    const { user, router } = await openCancelLink();
    expect(await screen.findByText(QUESTION)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Beauty Salon' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ cancel: 'a-token' });

    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(onlineBookingTexts.cancelled));
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(cancelled).toEqual(['a-token']);
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
  });

  it('"Keep it" leaves the appointment and closes the question', async () => {
    const cancelled = serveCancellation({ status: 200 });
    const { user, router } = await openCancelLink();
    await user.click(await screen.findByRole('button', { name: 'Keep it' }));
    expect(screen.queryByText(QUESTION)).not.toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
    expect(cancelled).toEqual([]);
  });

  it('within the cancel hours, asks to call the salon: known on opening', async () => {
    serveCancellation({ status: 200, cancellable: false });
    await openCancelLink();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(onlineBookingTexts.tooLate));
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
  });

  it('within the cancel hours, asks to call the salon: the server refusing the cancellation (409)', async () => {
    serveCancellation({ status: 200 }, { status: 409 });
    const { user } = await openCancelLink();
    await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(onlineBookingTexts.tooLate));
  });

  it('a used or unknown link: no longer valid', async () => {
    serveCancellation({ status: 404 });
    await openCancelLink('used-token');
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
