import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { server } from '#mocks/node.ts';
import { scrollAllIntoView } from '../../../testing/intersection-observer.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { recordJsonBodies, recordRequests } from '../../../testing/request-log.ts';
import { openBookingWeek } from '../../../testing/serve-online-booking.ts';

type Section = ReturnType<typeof within>;

/** The section's chunk, loaded inside act: on a busy machine its first import outlasted findBy's wait. */
const loadSection = () => act(async () => void (await import('./online-booking-section.tsx')));

/** The landing page scrolled down to "Book an appointment", its services shown. */
async function openSection() {
  await loadSection();
  const { user, unmount } = await renderApp('/');
  scrollAllIntoView();
  const section = within(screen.getByRole('region', { name: onlineBookingTexts.heading }));
  await section.findByRole('radio', { name: 'Haircut and styling' });
  return { user, unmount, section };
}

/** Steps 1 and 2: the haircut on Tuesday 1 December at `time`. */
async function chooseTime(user: UserEvent, section: Section, time = '10:00') {
  await user.click(section.getByRole('radio', { name: 'Haircut and styling' }));
  await user.selectOptions(
    section.getByRole('combobox', { name: 'Day' }),
    await section.findByRole('option', { name: 'Tuesday, 1 December' }),
  );
  await user.selectOptions(section.getByRole('combobox', { name: 'Time' }), await section.findByRole('option', { name: time }));
}

async function fillDetails(user: UserEvent, section: Section) {
  await user.type(section.getByRole('textbox', { name: 'First name' }), 'Ana');
  await user.type(section.getByRole('textbox', { name: 'Last name' }), 'Silva');
  await user.type(section.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
}

describe('Book an appointment on /', () => {
  it('comes after the gallery, its form loaded only once it comes into view', async () => {
    openBookingWeek();
    await loadSection();
    const requests = recordRequests();
    await renderApp('/');
    const region = screen.getByRole('region', { name: onlineBookingTexts.heading });
    expect(screen.getByRole('region', { name: 'Gallery' }).compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(region).queryByRole('radio')).not.toBeInTheDocument();
    expect(requests.filter((request) => request.includes('/api/booking'))).toEqual([]);

    scrollAllIntoView();
    expect(await within(region).findByRole('radio', { name: 'Haircut and styling' })).toBeInTheDocument();
    expect(requests).toContain('GET /api/booking');
  });

  it('step 1: a radio per service, named by its name, with its duration and price', async () => {
    openBookingWeek();
    const { section } = await openSection();
    const services = section.getByRole('group', { name: 'Service' });
    expect(within(services).getAllByRole('radio')).toHaveLength(4);
    expect(section.getByRole('radio', { name: 'Haircut and styling' })).toHaveAccessibleDescription('60 min · €45.00');
    expect(section.getByRole('radio', { name: 'Bridal make-up' })).toHaveAccessibleDescription('90 min · €120.00');
  });

  it('step 2: "Anyone" by default, a day without free time disabled, the times in the salon’s zone', async () => {
    openBookingWeek();
    const { user, section } = await openSection();
    const when = within(section.getByRole('group', { name: 'Day and time' }));
    expect(when.getByRole('combobox', { name: 'Staff member' })).toHaveDisplayValue('Anyone');
    expect(when.getByRole('combobox', { name: 'Day' })).toHaveDisplayValue('Choose a service first');

    await user.click(section.getByRole('radio', { name: 'Haircut and styling' }));
    expect(await when.findByRole('option', { name: 'Sunday, 6 December' })).toBeDisabled();
    expect(when.getByRole('option', { name: 'Tuesday, 1 December' })).toBeEnabled();
    expect(within(when.getByRole('combobox', { name: 'Day' })).getAllByRole('option')).toHaveLength(29);

    await user.selectOptions(when.getByRole('combobox', { name: 'Day' }), 'Tuesday, 1 December');
    const time = when.getByRole('combobox', { name: 'Time' });
    await when.findByRole('option', { name: '10:00' });
    expect(
      within(time)
        .getAllByRole('option')
        .slice(0, 4)
        .map((option) => option.textContent),
    ).toEqual(['Choose a time', '09:00', '09:15', '09:30']);
  });

  it('holds the time chosen, and lets it go when another is chosen', async () => {
    openBookingWeek();
    const requests = recordRequests();
    const posted = recordJsonBodies('POST');
    const { user, unmount, section } = await openSection();
    const released = () => requests.filter((request) => request.startsWith('DELETE /api/booking/holds/'));
    await chooseTime(user, section);
    expect(await section.findByText('We are holding this time for you until 12:10.')).toBeInTheDocument();
    expect(posted).toEqual([{ serviceId: expect.any(String), staff: null, start: '2026-12-01T10:00:00+02:00' }]);

    await user.selectOptions(section.getByRole('combobox', { name: 'Staff member' }), 'sam');
    await waitFor(() => expect(released()).toHaveLength(1));
    await user.selectOptions(
      section.getByRole('combobox', { name: 'Day' }),
      await section.findByRole('option', { name: 'Tuesday, 1 December' }),
    );
    await user.selectOptions(section.getByRole('combobox', { name: 'Time' }), await section.findByRole('option', { name: '11:00' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({ serviceId: expect.any(String), staff: 'sam', start: '2026-12-01T11:00:00+02:00' });
    await section.findByText(/^We are holding this time/);
    await user.selectOptions(section.getByRole('combobox', { name: 'Time' }), '2026-12-01T10:15:00+02:00');
    await waitFor(() => expect(released()).toHaveLength(2));
    await section.findByText(/^We are holding this time/);
    expect(posted).toHaveLength(3);

    // Leaving the page lets the last one go.
    unmount();
    await waitFor(() => expect(released()).toHaveLength(3));
  });

  it('step 3: "Book" says what was booked, when (salon’s time) and where the details went', async () => {
    openBookingWeek();
    const booked = recordJsonBodies('POST');
    const { user, section } = await openSection();
    await chooseTime(user, section);
    await fillDetails(user, section);
    expect(section.getByRole('checkbox', { name: 'Email me about offers' })).not.toBeChecked();
    await user.click(section.getByRole('button', { name: 'Book' }));

    await waitFor(() =>
      expect(section.getByRole('status')).toHaveTextContent(
        'Booked: Haircut and styling on Tuesday, 1 December at 10:00. We have sent the details to ana@example.com.',
      ),
    );
    // React's effect moves the keyboard after the text is painted.
    await waitFor(() => expect(section.getByRole('status')).toHaveFocus());
    expect(booked.at(-1)).toEqual({
      holdToken: expect.any(String),
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana@example.com',
      offers: false,
      website: '',
    });
    expect(section.queryByRole('button', { name: 'Book' })).not.toBeInTheDocument();
  });

  it('sends the phone and the offers consent when given', async () => {
    openBookingWeek();
    const booked = recordJsonBodies('POST');
    const { user, section } = await openSection();
    await chooseTime(user, section);
    await fillDetails(user, section);
    expect(section.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('Optional.');
    await user.type(section.getByRole('textbox', { name: 'Phone' }), '+351 912 345 678');
    await user.click(section.getByRole('checkbox', { name: 'Email me about offers' }));
    await user.click(section.getByRole('button', { name: 'Book' }));
    await section.findByText(/^Booked:/);
    expect(booked.at(-1)).toMatchObject({ phone: '+351 912 345 678', offers: true });
  });

  it('asks for what is missing, each error beside its field', async () => {
    openBookingWeek();
    const { user, section } = await openSection();
    await user.click(section.getByRole('button', { name: 'Book' }));
    expect(await section.findByText('Choose a service.')).toBeInTheDocument();
    expect(section.getByRole('group', { name: 'Service' })).toHaveAccessibleDescription('Choose a service.');
    // The first service (name order) takes the keyboard.
    expect(within(section.getByRole('group', { name: 'Service' })).getAllByRole('radio')[0]).toHaveFocus();
    expect(section.getByRole('combobox', { name: 'Time' })).toHaveAccessibleDescription('Choose a time.');
    expect(section.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('a time taken meanwhile: says so, shows the free times again and keeps the visitor’s details', async () => {
    openBookingWeek();
    const requests = recordRequests();
    const { user, section } = await openSection();
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
    const { user, section } = await openSection();
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
    const { user, section } = await openSection();
    await chooseTime(user, section);
    expect(await section.findByRole('alert')).toHaveTextContent(onlineBookingTexts.tooMany);
    expect(section.getByRole('combobox', { name: 'Time' })).toHaveDisplayValue('Choose a time');
  });

  it('too many bookings (429): the server’s words', async () => {
    openBookingWeek();
    const requests = recordRequests();
    const { user, unmount, section } = await openSection();
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

  it('the field for bots is out of reach: no screen reader names it, the keyboard never reaches it', async () => {
    openBookingWeek();
    const { user, section } = await openSection();
    expect(section.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
    const trap = section.getByLabelText('Website');
    expect(trap).toHaveAttribute('tabindex', '-1');

    // From the last field the keyboard goes on to "Book", past the hidden one.
    await user.click(section.getByRole('checkbox', { name: 'Email me about offers' }));
    await user.tab();
    expect(section.getByRole('button', { name: 'Book' })).toHaveFocus();
  });
});
