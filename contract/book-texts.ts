/**
 * The book's texts the issue gives, word for word (issue 40), re-exported by book.ts. Plain: a route's page title reads
 * them from every page's bundle (src/routes/staff_.$username.hours.tsx), where zod and Temporal must not be.
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
