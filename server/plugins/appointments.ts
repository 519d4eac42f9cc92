/** The book's appointments (issue 40): the repository in the salon's time zone (plugins/book.ts), and the clock its writes are dated by. */
import fp from 'fastify-plugin';
import type { Writer } from '../repositories/client-log.ts';
import { createAppointmentsRepository, type AppointmentsRepository } from '../repositories/appointments.ts';

declare module 'fastify' {
  interface FastifyInstance {
    appointments: AppointmentsRepository & { writer: (by: string) => Writer; now: () => Date };
  }
}

export const appointmentsPlugin = fp<{ clock: () => number }>(
  async (app, { clock }) => {
    const now = () => new Date(clock());
    app.decorate('appointments', {
      ...createAppointmentsRepository(app.db, app.salon.timeZone),
      writer: (by: string) => ({ by, now: now() }),
      now,
    });
  },
  { name: 'appointments', dependencies: ['database', 'book'] },
);
