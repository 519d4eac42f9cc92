import { useQuery } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { bookTexts } from '#contract/book-texts';
import { salonDateTime, salonTime } from '#contract/book';
import { availabilityQueries, type AvailabilityRequest } from '../api/availability.ts';
import { BookingSelectField } from '../../clients/components/booking-select-field.tsx';

type BookingTimeFieldProps = {
  id: string;
  zone: string;
  /** '' where not chosen yet. */
  request: AvailabilityRequest;
  /** The time chosen (as the API writes it), '' when none: kept among the options when no longer free (a 409). */
  chosen: string;
  input: UseFormRegisterReturn;
  error?: string;
  their?: string;
};

/** An instant as the form keeps it: the salon's offset, whatever the server's spelling ("Z" or "+00:00"). */
const startValue = (start: string, zone: string) => salonDateTime(Date.parse(start), zone);

/** What the empty first option says: why there is nothing to choose yet, or to choose. */
function timePlaceholder(ready: boolean, query: { isPaused: boolean; isPending: boolean; isError: boolean }, free: number): string {
  if (!ready) return 'Choose the service, staff member and date first';
  // Offline the free times wait for the connection: booking needs it anyway.
  if (query.isPaused) return bookTexts.needsConnection;
  if (query.isPending) return 'Loading the free times…';
  if (query.isError) return 'The free times could not be loaded';
  return free === 0 ? 'No free times that day' : 'Choose a time';
}

/** "Time": the free start times of the service with the member on the day, named in the salon's time ("10:00"). */
export function BookingTimeField({ id, zone, request, chosen, input, error, their }: BookingTimeFieldProps) {
  const ready = request.service !== '' && request.staff !== '' && request.date !== '';
  const { data, isPending, isPaused, isError } = useQuery({ ...availabilityQueries.starts(request), enabled: ready });
  const starts = (data?.starts ?? []).map((start) => startValue(start, zone));
  const shown = chosen !== '' && !starts.includes(chosen) ? [chosen, ...starts].sort((a, b) => Date.parse(a) - Date.parse(b)) : starts;
  const placeholder = timePlaceholder(ready, { isPaused, isPending, isError }, starts.length);
  return (
    <BookingSelectField
      id={id}
      label="Time"
      options={shown.map((start) => ({ value: start, label: salonTime(Date.parse(start), zone) }))}
      placeholder={placeholder}
      input={input}
      error={error}
      their={their}
    />
  );
}
