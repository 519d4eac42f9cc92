/**
 * The online booking's texts (issue 41), word for word: free of zod and Temporal, so that the landing page's first JS
 * may name one without carrying either (book-texts.ts says why).
 */
export const onlineBookingTexts = {
  heading: 'Book an appointment',
  taken: 'That time was just taken. Please choose another.',
  tooMany: 'Too many bookings from this connection. Please try again later.',
  /** "Booked: Haircut and styling on Tuesday, 1 December at 10:00. We have sent the details to ana@example.com." */
  booked: (service: string, when: { weekday: string; day: number; month: string; time: string }, email: string) =>
    `Booked: ${service} on ${when.weekday}, ${when.day} ${when.month} at ${when.time}. We have sent the details to ${email}.`,
  confirmCancel: (when: { weekday: string; day: number; month: string; time: string }) =>
    `Cancel your appointment on ${when.weekday}, ${when.day} ${when.month} at ${when.time}?`,
  cancelled: 'Your appointment is cancelled.',
  tooLate: 'Please call the salon to cancel: it is less than 24 hours away.',
  linkInvalid: 'This link is no longer valid.',
  bookedOnline: 'Booked online',
  emailSubject: 'Your appointment at Your Beauty Salon',
  emailsWaiting: (count: number) => `Emails waiting: ${count}`,
} as const;
