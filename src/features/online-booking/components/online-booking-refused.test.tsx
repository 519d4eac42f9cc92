import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { server } from '#mocks/node.ts';
import { chooseTime, fillDetails, openSection } from '../../../testing/booking-section.ts';
import { recordRequests } from '../../../testing/request-log.ts';
import { openBookingWeek } from '../../../testing/serve-online-booking.ts';

describe('Book an appointment on /: a time taken, or too many', () => {
  it('a time taken meanwhile: says so, shows the free times again and keeps the visitor’s details', async () => {
    openBookingWeek();
    const requests = recordRequests();
    const { user, region } = await openSection();
    const section = within(region);
    await chooseTime(user, section);
    await fillDetails(user, section);
    server.use(http.post('*/api/booking/appointments', () => HttpResponse.json({ message: onlineBookingTexts.taken }, { status: 409 })));
    const asked = requests.filter((request) => request.startsWith('GET /api/booking/times')).length;
    await user.click(section.getByRole('button', { name: 'Book' }));

    expect(await section.findByRole('alert')).toHaveTextContent(onlineBookingTexts.taken);
    expect(section.getByRole('combobox', { name: 'Time' })).toHaveDisplayValue('Choose a time');
    await waitFor(() => expect(requests.filter((request) => request.startsWith('GET /api/booking/times')).length).toBeGreaterThan(asked));
    expect(section.getByRole('textbox', { name: 'First name' })).toHaveValue('Ana');
    expect(section.getByRole('textbox', { name: 'Email' })).toHaveValue('ana@example.com');
    expect(section.getByRole('radio', { name: 'Haircut and styling' })).toBeChecked();

    // Another time, and the booking goes through with the details as typed.
    server.resetHandlers();
    await user.selectOptions(section.getByRole('combobox', { name: 'Time' }), '10:15');
    expect(section.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Book' }));
    await waitFor(() =>
      expect(section.getByRole('status')).toHaveTextContent('Booked: Haircut and styling on Tuesday, 1 December at 10:15.'),
    );
  });

  it('a time taken before it could be held: says so and asks for the free times again', async () => {
    openBookingWeek();
    const requests = recordRequests();
    server.use(http.post('*/api/booking/holds', () => HttpResponse.json({ message: onlineBookingTexts.taken }, { status: 409 })));
    const { user, region } = await openSection();
    const section = within(region);
    await chooseTime(user, section);
    expect(await section.findByRole('alert')).toHaveTextContent(onlineBookingTexts.taken);
    expect(section.getByRole('combobox', { name: 'Time' })).toHaveDisplayValue('Choose a time');
    await waitFor(() => expect(requests.filter((request) => request.startsWith('GET /api/booking/times')).length).toBeGreaterThan(1));
  });

  it('too many holds (429): the server’s words, and the time is not kept as if held', async () => {
    openBookingWeek();
    server.use(
      http.post('*/api/booking/holds', () =>
        HttpResponse.json({ message: onlineBookingTexts.tooMany }, { status: 429, headers: { 'Retry-After': '600' } }),
      ),
    );
    const { user, region } = await openSection();
    const section = within(region);
    await chooseTime(user, section);
    expect(await section.findByRole('alert')).toHaveTextContent(onlineBookingTexts.tooMany);
    expect(section.getByRole('combobox', { name: 'Time' })).toHaveDisplayValue('Choose a time');
  });

  it('too many bookings (429): the server’s words', async () => {
    openBookingWeek();
    const requests = recordRequests();
    const { user, unmount, region } = await openSection();
    const section = within(region);
    await chooseTime(user, section);
    await fillDetails(user, section);
    server.use(
      http.post('*/api/booking/appointments', () =>
        HttpResponse.json({ message: onlineBookingTexts.tooMany }, { status: 429, headers: { 'Retry-After': '3600' } }),
      ),
    );
    await user.click(section.getByRole('button', { name: 'Book' }));
    expect(await section.findByRole('alert')).toHaveTextContent(onlineBookingTexts.tooMany);
    expect(section.getByRole('textbox', { name: 'First name' })).toHaveValue('Ana');
    unmount();
    await waitFor(() => expect(requests.filter((request) => request.startsWith('DELETE /api/booking/holds/'))).toHaveLength(1));
  });
});
