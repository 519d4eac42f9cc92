/** My account's "Working hours" (issue 40): one's own week and time off. */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { bookTexts } from '#contract/book-texts';
import { MemberSchedule, NO_HOURS } from '#contract/book';
import { mockDb } from '#mocks/db.ts';
import { server } from '#mocks/node.ts';
import { seedHours } from '#mocks/seed.ts';
import { bookKeys, bookQueries } from '../features/book/api/book-queries.ts';
import { changeStatuses, goOffline } from '../testing/offline.ts';
import { renderApp } from '../testing/render-app.tsx';

const scheduleOf = async (username: string) => MemberSchedule.parse((await mockDb.readBook((setup) => setup.scheduleOf(username))).body);

describe('My account: Working hours', () => {
  it('shows the member’s own week: a box per weekday, its times greyed on a day off', async () => {
    await renderApp('/account', { loggedIn: true, account: 'sam' });
    const section = within(await screen.findByRole('region', { name: 'Working hours' }));
    expect(await section.findByRole('checkbox', { name: 'Works on Tuesday' })).toBeChecked();
    expect(section.getByLabelText('Tuesday from')).toHaveValue('09:00');
    expect(section.getByLabelText('Tuesday to')).toHaveValue('18:00');
    expect(section.getByRole('checkbox', { name: 'Works on Monday' })).not.toBeChecked();
    expect(section.getByLabelText('Monday from')).toBeDisabled();
    const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    expect(section.getAllByRole('checkbox')).toEqual(weekdays.map((day) => section.getByRole('checkbox', { name: `Works on ${day}` })));
    expect(section.getByText('No time off.')).toBeInTheDocument();
  });

  it('saves the week: “Working hours saved.”, and the calendar’s schedules are asked again', async () => {
    const { user, queryClient } = await renderApp('/account', { loggedIn: true, account: 'sam' });
    await queryClient.fetchQuery(bookQueries.schedules());
    const section = within(await screen.findByRole('region', { name: 'Working hours' }));
    await user.click(await section.findByRole('checkbox', { name: 'Works on Monday' }));
    await user.clear(section.getByLabelText('Monday from'));
    await user.type(section.getByLabelText('Monday from'), '10:00');
    await user.clear(section.getByLabelText('Monday to'));
    await user.type(section.getByLabelText('Monday to'), '14:30');
    await user.click(section.getByRole('checkbox', { name: 'Works on Saturday' }));
    expect(section.getByLabelText('Saturday from')).toBeDisabled();
    // A day off becomes a working day with the times it showed greyed.
    await user.click(section.getByRole('checkbox', { name: 'Works on Sunday' }));
    await user.click(section.getByRole('button', { name: 'Save hours' }));

    expect(await section.findByText(bookTexts.hoursSaved)).toBeInTheDocument();
    expect((await scheduleOf('sam')).hours).toEqual({
      ...seedHours,
      monday: { from: '10:00', to: '14:30' },
      saturday: null,
      sunday: { from: '09:00', to: '18:00' },
    });
    expect((await scheduleOf('admin')).hours).toEqual(seedHours);
    expect(queryClient.getQueryState(bookKeys.schedules)?.isInvalidated).toBe(true);
  });

  it('says a time against the rules by its field, and sends nothing', async () => {
    const { user } = await renderApp('/account', { loggedIn: true, account: 'sam' });
    const section = within(await screen.findByRole('region', { name: 'Working hours' }));
    await user.clear(await section.findByLabelText('Tuesday to'));
    await user.type(section.getByLabelText('Tuesday to'), '08:00');
    await user.clear(section.getByLabelText('Wednesday from'));
    await user.click(section.getByRole('button', { name: 'Save hours' }));

    await waitFor(() => expect(section.getByLabelText('Tuesday to')).toHaveAccessibleDescription('The end must be after the start.'));
    expect(section.getByLabelText('Wednesday from')).toHaveAccessibleDescription('Use a time as HH:MM, e.g. 09:00.');
    expect(section.queryByText(bookTexts.hoursSaved)).not.toBeInTheDocument();
    expect((await scheduleOf('sam')).hours).toEqual(seedHours);
  });

  it('keeps what was typed when the save fails, and says so under the button', async () => {
    server.use(http.put('*/api/account/hours', () => HttpResponse.json({ message: 'Internal server error' }, { status: 500 })));
    const { user } = await renderApp('/account', { loggedIn: true, account: 'sam' });
    const section = within(await screen.findByRole('region', { name: 'Working hours' }));
    await user.click(await section.findByRole('checkbox', { name: 'Works on Sunday' }));
    await user.click(section.getByRole('button', { name: 'Save hours' }));

    expect(await section.findByRole('alert')).toHaveTextContent('Internal server error');
    expect(section.getByRole('checkbox', { name: 'Works on Sunday' })).toBeChecked();
    expect(section.getByLabelText('Sunday from')).toBeEnabled();
  });

  it('offline, saving fails at once with the week kept, and waits for no connection', async () => {
    const { user, queryClient } = await renderApp('/account', { loggedIn: true, account: 'sam' });
    const section = within(await screen.findByRole('region', { name: 'Working hours' }));
    const sunday = await section.findByRole('checkbox', { name: 'Works on Sunday' });
    goOffline();
    await user.click(sunday);
    await user.click(section.getByRole('button', { name: 'Save hours' }));

    expect(await section.findByRole('alert')).toHaveTextContent(
      'Could not save the working hours: the server cannot be reached. Try again once the connection is back.',
    );
    expect(changeStatuses(queryClient)).toEqual(['error']);
    expect(sunday).toBeChecked();
    expect((await scheduleOf('sam')).hours).toEqual(seedHours);
  });

  it('adds time off, from its first to its last day, lists it, and removes it', async () => {
    const { user } = await renderApp('/account', { loggedIn: true, account: 'sam' });
    const timeOff = within(await screen.findByRole('region', { name: 'Time off' }));
    await user.type(timeOff.getByLabelText('First day'), '2026-12-24');
    await user.type(timeOff.getByLabelText('Last day'), '2026-12-31');
    await user.click(timeOff.getByRole('button', { name: 'Add time off' }));

    const entry = await timeOff.findByRole('listitem');
    expect(entry).toHaveTextContent('2026-12-24 – 2026-12-31');
    expect(timeOff.getByRole('status')).toHaveTextContent('Time off 2026-12-24 – 2026-12-31 is added.');
    expect(timeOff.getByLabelText('First day')).toHaveValue('');
    expect((await scheduleOf('sam')).timeOff).toMatchObject([{ first: '2026-12-24', last: '2026-12-31' }]);

    await user.click(within(entry).getByRole('button', { name: 'Remove time off 2026-12-24 – 2026-12-31' }));
    expect(await timeOff.findByText('No time off.')).toBeInTheDocument();
    expect((await scheduleOf('sam')).timeOff).toEqual([]);
  });

  it('says by the field when a day is missing or the last is before the first', async () => {
    const { user } = await renderApp('/account', { loggedIn: true });
    const timeOff = within(await screen.findByRole('region', { name: 'Time off' }));
    await user.click(timeOff.getByRole('button', { name: 'Add time off' }));
    await waitFor(() => expect(timeOff.getByLabelText('First day')).toHaveAccessibleDescription('Enter the first day.'));
    expect(timeOff.getByLabelText('Last day')).toHaveAccessibleDescription('Enter the last day.');

    await user.type(timeOff.getByLabelText('First day'), '2026-12-24');
    await user.type(timeOff.getByLabelText('Last day'), '2026-12-20');
    await user.click(timeOff.getByRole('button', { name: 'Add time off' }));
    await waitFor(() =>
      expect(timeOff.getByLabelText('Last day')).toHaveAccessibleDescription('The last day must not be before the first day.'),
    );
    expect((await scheduleOf('admin')).timeOff).toEqual([]);
  });

  it('a member with no hours sees every day off', async () => {
    await mockDb.writeBook((setup) => setup.setHours('sam', 'sam', NO_HOURS));
    await renderApp('/account', { loggedIn: true, account: 'sam' });
    const section = within(await screen.findByRole('region', { name: 'Working hours' }));
    await section.findByRole('checkbox', { name: 'Works on Monday' });
    expect(section.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toEqual([]);
  });
});
