/**
 * The book's texts (issue 40), word for word: in a module of their own, free of zod and Temporal, so that a route's
 * definition (in every page's first JS, the landing page's included) can name one.
 */
export const bookTexts = {
  alreadyBooked: (username: string) => `${username} already has an appointment at that time.`,
  notWorking: (username: string) => `${username} does not work at that time.`,
  booked: 'Appointment booked.',
  moved: 'Appointment moved.',
  cancelled: 'Appointment cancelled.',
  confirmCancel: 'Do you really want to cancel this appointment?',
  hoursSaved: 'Working hours saved.',
  hoursOf: (username: string) => `Working hours of ${username}`,
  noAppointments: 'No appointments yet.',
  offline: (time: string) => `You are offline. Showing the calendar as of ${time}.`,
  needsConnection: 'Booking needs the connection.',
} as const;
