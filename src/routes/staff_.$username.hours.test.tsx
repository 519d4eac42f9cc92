/** /staff/{username}/hours (issue 40): an owner sets a colleague's working hours and time off; staff are told it is an owner's. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookTexts } from '#contract/book-texts';
import { MemberSchedule } from '#contract/book';
import { mockDb } from '#mocks/db.ts';
import { seedHours } from '#mocks/seed.ts';
import { renderApp } from '../testing/render-app.tsx';

const scheduleOf = async (username: string) => MemberSchedule.parse((await mockDb.readBook((setup) => setup.scheduleOf(username))).body);

describe('/staff/$username/hours', () => {
  it('opens from the staff page’s “Working hours” on each row', async () => {
    const { user, router } = await renderApp('/staff', { loggedIn: true });
    const sam = within(await screen.findByRole('row', { name: /^sam\b/ }));
    expect(
      within(await screen.findByRole('row', { name: /^admin\b/ })).getByRole('link', { name: 'Working hours of admin' }),
    ).toHaveAttribute('href', '/staff/admin/hours');
    await user.click(sam.getByRole('link', { name: 'Working hours of sam' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/sam/hours'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Working hours of sam' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Works on Tuesday' })).toBeChecked();
  });

  it('saves the colleague’s week and time off, not the owner’s own', async () => {
    const { user } = await renderApp('/staff/sam/hours', { loggedIn: true });
    const page = within(await screen.findByRole('region', { name: bookTexts.hoursOf('sam') }));
    await user.click(await page.findByRole('checkbox', { name: 'Works on Friday' }));
    await user.click(page.getByRole('button', { name: 'Save hours' }));
    expect(await page.findByText(bookTexts.hoursSaved)).toBeInTheDocument();
    expect((await scheduleOf('sam')).hours).toEqual({ ...seedHours, friday: null });
    expect((await scheduleOf('admin')).hours).toEqual(seedHours);

    const timeOff = within(page.getByRole('region', { name: 'Time off' }));
    await user.type(timeOff.getByLabelText('First day'), '2027-01-04');
    await user.type(timeOff.getByLabelText('Last day'), '2027-01-04');
    await user.click(timeOff.getByRole('button', { name: 'Add time off' }));
    expect(await timeOff.findByRole('listitem')).toHaveTextContent('2027-01-04');
    expect((await scheduleOf('sam')).timeOff).toMatchObject([{ first: '2027-01-04', last: '2027-01-04' }]);
    expect((await scheduleOf('admin')).timeOff).toEqual([]);
  });

  it('tells staff it is an owner’s page', async () => {
    await renderApp('/staff/admin/hours', { loggedIn: true, account: 'sam' });
    expect(await screen.findByText('Only an owner can see this page.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Working hours of admin' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('sends a visitor to the login page', async () => {
    const { router } = await renderApp('/staff/sam/hours');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
