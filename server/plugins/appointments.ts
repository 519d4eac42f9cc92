/** The book's appointments (issue 40): the repository in the salon's time zone, and the clock its writes are dated by. */
import fp from 'fastify-plugin';
import type { Writer } from '../repositories/client-log.ts';
import { createAppointmentsRepository, type AppointmentsRepository } from '../repositories/appointments.ts';

declare module 'fastify' {
  interface FastifyInstance {
    appointments: AppointmentsRepository & { writer: (by: string) => Writer; now: () => Date };
  }
}

export const appointmentsPlugin = fp<{ clock: () => number; timeZone: string }>(
  async (app, { clock, timeZone }) => {
    const now = () => new Date(clock());
    app.decorate('appointments', { ...createAppointmentsRepository(app.db, timeZone), writer: (by: string) => ({ by, now: now() }), now });
  },
  { name: 'appointments', dependencies: ['database'] },
);
