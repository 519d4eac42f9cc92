import { bookTexts } from '#contract/book-texts';
import { salonTime } from '#contract/book';
import { useQueryUpdatedAt } from '../../../lib/query-updated-at.ts';
import { useIsOnline } from '../../../lib/reachability.ts';
import { appointmentKeys } from '../api/appointments.ts';

/**
 * "You are offline. Showing the calendar as of {HH:MM}." (issue 40) while offline: when the day's appointments were
 * last loaded, on the salon's clock as the rest of the page. In its place of the banner's clients' note, which the
 * calendar's route turns off (its `staticData.ownOfflineNote`).
 */
export function CalendarOfflineNote({ date, zone }: { date: string; zone: string }) {
  const online = useIsOnline();
  const updatedAt = useQueryUpdatedAt(appointmentKeys.day(date));
  // Always in the page, so that screen readers announce the text when it appears.
  return (
    <div className="calendar-offline" aria-live="polite">
      {!online && updatedAt > 0 && <p>{bookTexts.offline(salonTime(updatedAt, zone))}</p>}
    </div>
  );
}
