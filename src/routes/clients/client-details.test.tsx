/** A client's edit page: the phone and offers consent their online booking kept, under the spec's form (issue 41). */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookOnline, bookingWeek } from '../../testing/online-booking.ts';
import { renderApp } from '../../testing/render-app.tsx';

/** Nina's edit page, once its form shows her. */
async function openNina() {
  const view = await renderApp('/clients/edit/c-nina', { loggedIn: true });
  expect(await screen.findByLabelText('Email')).toHaveValue('nina@example.com');
  return view;
}

describe('a client’s phone and offers consent, below the edit form', () => {
  it('shows the phone as a link to call and the day they agreed to offers emails, outside the form', async () => {
    await bookingWeek();
    await bookOnline({ time: '10:00', phone: '+44 7700 900123', offers: true });
    await openNina();

    const phone = await screen.findByRole('link', { name: '+44 7700 900123' });
    expect(phone).toHaveAttribute('href', 'tel:+447700900123');
    expect(within(screen.getByRole('definition')).getByRole('link')).toBe(phone);
    expect(screen.getByRole('term')).toHaveTextContent('Phone');
    expect(await screen.findByText('Agreed to offers emails on 25 May 2027')).toBeInTheDocument();
    // The spec's form stays as it is: no phone among its fields.
    expect(screen.queryByLabelText('Phone')).not.toBeInTheDocument();
  });

  it('shows the phone alone when they did not tick "Email me about offers"', async () => {
    await bookingWeek();
    await bookOnline({ time: '10:00', phone: '020 7946 0000' });
    await openNina();
    expect(await screen.findByRole('link', { name: '020 7946 0000' })).toHaveAttribute('href', 'tel:02079460000');
    expect(screen.queryByText(/^Agreed to offers emails/)).not.toBeInTheDocument();
  });

  it('shows nothing for a client with neither', async () => {
    await bookingWeek();
    await bookOnline({ time: '10:00' });
    const { queryClient } = await openNina();
    await waitFor(() =>
      expect(queryClient.getQueryData(['clients', 'detail', 'c-nina', 'details'])).toEqual({ phone: null, offersConsentAt: null }),
    );
    expect(await screen.findByRole('heading', { name: 'Appointments' })).toBeInTheDocument();
    expect(screen.queryByRole('term')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Agreed to offers emails/)).not.toBeInTheDocument();
  });
});
