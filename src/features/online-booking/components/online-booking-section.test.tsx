import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { chooseTime, loadSection, openSection } from '../../../testing/booking-section.ts';
import { scrollAllIntoView } from '../../../testing/intersection-observer.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { recordJsonBodies, recordRequests } from '../../../testing/request-log.ts';
import { openBookingWeek } from '../../../testing/serve-online-booking.ts';

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
    const { region } = await openSection();
    const section = within(region);
    const services = section.getByRole('group', { name: 'Service' });
    expect(within(services).getAllByRole('radio')).toHaveLength(4);
    expect(section.getByRole('radio', { name: 'Haircut and styling' })).toHaveAccessibleDescription('60 min · €45.00');
    expect(section.getByRole('radio', { name: 'Bridal make-up' })).toHaveAccessibleDescription('90 min · €120.00');
  });

  it('step 2: "Anyone" by default, a day without free time disabled, the times in the salon’s zone', async () => {
    openBookingWeek();
    const { user, region } = await openSection();
    const section = within(region);
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
    const { user, unmount, region } = await openSection();
    const section = within(region);
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
});
