/**
 * The calendar of today and the next six days opens offline from the copy (issue 40), after a reload. IndexedDB from
 * fake-indexeddb (jsdom has none), as in the offline copy's own tests.
 */
import 'fake-indexeddb/auto';
import { hashKey, onlineManager } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, it } from 'vitest';
import { salonDate } from '#contract/book';
import { mockDb } from '#mocks/db.ts';
import { server } from '#mocks/node.ts';
import { App, createApp } from '../../app.tsx';
import { appointmentKeys } from '../../features/book/api/appointments.ts';
import { forgetOfflineCopy } from '../../lib/offline-copy-store.ts';
import { savedQueries, untilWritten } from '../../testing/offline-copy.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { appointmentOn, LONDON, workingEveryDay } from '../../testing/sample-book.ts';
import { serveBook } from '../../testing/serve-book.ts';

afterEach(() => forgetOfflineCopy());

it('opens the sixth day from today offline after a reload, from the copy the calendar left', { timeout: 15_000 }, async () => {
  const inSixDays = salonDate(Date.now() + 6 * 24 * 60 * 60 * 1000, LONDON);
  const appointment = appointmentOn(LONDON, { id: 'a1', staff: 'sam', date: inSixDays, from: '10:00', to: '11:00' });
  await serveBook({ hours: { sam: workingEveryDay('sam').hours }, appointments: [appointment] });
  const { unmount } = await renderApp('/calendar', { loggedIn: true });
  await screen.findByRole('table');
  await untilWritten(async () => expect(await savedQueries()).toContain(hashKey(appointmentKeys.day(inSixDays))));
  unmount();

  // The connection drops; the page is loaded again (a new cache), at that day.
  server.use(http.all('*', () => HttpResponse.error()));
  act(() => onlineManager.setOnline(false));
  mockDb.startSession();
  render(<App {...createApp({ history: createMemoryHistory({ initialEntries: [`/calendar?date=${inSixDays}`] }) })} />);

  const name = '10:00–11:00, Nina Petrova, Haircut and styling';
  expect(await screen.findByRole('link', { name }, { timeout: 5000 })).toHaveAttribute('href', '/calendar/appointments/a1');
  expect(screen.getByText(/^You are offline\. Showing the calendar as of \d\d:\d\d\.$/)).toBeInTheDocument();
});
