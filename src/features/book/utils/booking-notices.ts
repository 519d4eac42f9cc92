import type { QueryClient } from '@tanstack/react-query';
import { bookTexts } from '#contract/book-texts';
import { type Appointment } from '#contract/book';
import { showNotice } from '../../../components/notices.tsx';
import { restoreAppointment } from '../api/cancel-appointment.ts';
import { bookingFailureMessage } from './booking-failure.ts';

/** The notices of the book outlive the page they were shown from (a booking goes on to the calendar). */
export const noticeBooked = () => showNotice({ text: bookTexts.booked });
export const noticeMoved = () => showNotice({ text: bookTexts.moved });

/** "Appointment cancelled." with Undo (as a deleted client's), which books it again from wherever the user is by then. */
export function noticeCancelled(queryClient: QueryClient, appointment: Appointment): void {
  showNotice({
    text: bookTexts.cancelled,
    action: {
      label: 'Undo',
      run: () =>
        void restoreAppointment(queryClient, appointment.id).then(
          () => showNotice({ text: 'Appointment restored.' }),
          (error: unknown) => showNotice({ text: bookingFailureMessage(error, 'The appointment could not be restored') }),
        ),
    },
  });
}
