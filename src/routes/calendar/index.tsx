import { onlineManager, useQueryClient, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { salonDate } from '#contract/book';
import { appointmentQueries, prefetchComingDays } from '../../features/book/api/appointments.ts';
import { bookQueries } from '../../features/book/api/book-queries.ts';
import { CalendarDayNav } from '../../features/book/components/calendar-day-nav.tsx';
import { CalendarGrid } from '../../features/book/components/calendar-grid.tsx';
import { CalendarHeader } from '../../features/book/components/calendar-header.tsx';
import { CalendarList } from '../../features/book/components/calendar-list.tsx';
import { CalendarOfflineNote } from '../../features/book/components/calendar-offline-note.tsx';
import { calendarDay, dayTitle } from '../../features/book/utils/calendar-day.ts';
import { parseCalendarSearch } from '../../features/book/utils/calendar-search.ts';
import { loadQuery } from '../../features/offline/load-query.ts';
import { useIsOwner } from '../../lib/me.ts';
import { NOT_AVAILABLE_OFFLINE, useIsOnline } from '../../lib/reachability.ts';
import { requireLogin } from '../../lib/require-login.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';

/** Below this width the day is one member's list (calendar-list.tsx): a 375 px phone, and a little more. */
const PHONE = '(max-width: 40rem)';

/** The salon's day (issue 40) from the server, or offline from the copy. */
async function loadCalendar(queryClient: QueryClient, date: string | undefined): Promise<{ today: string }> {
  const { timeZone } = await loadQuery(queryClient, bookQueries.salon());
  // Today on the salon's clock, not the browser's.
  const today = salonDate(Date.now(), timeZone);
  await Promise.all([loadQuery(queryClient, bookQueries.schedules()), loadQuery(queryClient, appointmentQueries.day(date ?? today))]);
  return { today };
}

export const Route = createFileRoute('/calendar/')({
  validateSearch: parseCalendarSearch,
  loaderDeps: ({ search }) => ({ date: search.date }),
  beforeLoad: requireLogin,
  loader: ({ context: { queryClient }, deps }) => loadCalendar(queryClient, deps.date),
  staticData: { ownOfflineNote: true },
  head: () => ({ meta: [{ title: 'Calendar · Your Beauty Salon' }] }),
  component: CalendarPage,
  pendingComponent: CalendarPending,
  errorComponent: CalendarLoadError,
});

function CalendarPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { timeZone } = useSuspenseQuery(bookQueries.salon()).data;
  const { today } = Route.useLoaderData();
  const date = search.date ?? today;
  const { data: schedules } = useSuspenseQuery(bookQueries.schedules());
  const { data: appointments } = useSuspenseQuery(appointmentQueries.day(date));
  const day = useMemo(() => calendarDay(schedules, appointments, date, timeZone), [schedules, appointments, date, timeZone]);
  const phone = useMediaQuery(PHONE);
  // Online, today's and the next six days' appointments are loaded too, so that the coming week opens offline: once
  // the day is on screen, not before its first paint (docs/performance.md).
  const queryClient = useQueryClient();
  useEffect(() => {
    if (onlineManager.isOnline()) prefetchComingDays(queryClient, today);
  }, [queryClient, today]);
  return (
    <div className="page">
      <CalendarHeader date={date} owner={useIsOwner()}>
        <CalendarDayNav date={date} today={today} onDate={(next) => void navigate({ search: { date: next } })} />
      </CalendarHeader>
      <CalendarOfflineNote date={date} zone={timeZone} />
      <h2 className="calendar__day">{dayTitle(date)}</h2>
      {day.columns.length === 0 ? (
        <p className="calendar__empty">Nobody works on this day.</p>
      ) : phone ? (
        <CalendarList day={day} />
      ) : (
        <CalendarGrid day={day} caption={`Appointments on ${dayTitle(date)}`} />
      )}
    </div>
  );
}

/** Offline, the day is waited for only when the copy has none (features/offline/load-query.ts). */
function CalendarPending() {
  return <CalendarMessage message={useIsOnline() ? 'Loading the calendar…' : NOT_AVAILABLE_OFFLINE} />;
}

function CalendarLoadError({ error }: ErrorComponentProps) {
  useEffect(() => console.error('Could not load the calendar:', error), [error]);
  return <CalendarMessage message="The calendar could not be loaded." alert />;
}

function CalendarMessage({ message, alert = false }: { message: string; alert?: boolean }) {
  return (
    <div className="page">
      <CalendarHeader date={Route.useSearch().date} owner={useIsOwner()} />
      <p className={alert ? 'form__error' : 'calendar__empty'} role={alert ? 'alert' : 'status'}>
        {message}
      </p>
    </div>
  );
}
