/**
 * The book (issue 40): the salon's settings (SALON_TIME_ZONE, SALON_CURRENCY), the services' and schedules' repositories,
 * and the setup's operations on them (contract/book-setup.ts), for the routes.
 */
import fp from 'fastify-plugin';
import type { Salon } from '#contract/book';
import { createBookSetup, type BookSetup } from '#contract/book-setup';
import { createSchedulesRepository } from '../repositories/schedules.ts';
import { createServicesRepository } from '../repositories/services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The salon's time zone and currency. */
    salon: Salon;
    services: ReturnType<typeof createServicesRepository>;
    schedules: ReturnType<typeof createSchedulesRepository>;
    bookSetup: BookSetup;
  }
}

export const bookPlugin = fp<{ salon: Salon; clock: () => number }>(
  async (app, { salon, clock }) => {
    const [services, schedules] = [createServicesRepository(app.db), createSchedulesRepository(app.db)];
    app.decorate('salon', salon);
    app.decorate('services', services);
    app.decorate('schedules', schedules);
    app.decorate('bookSetup', createBookSetup({ services, schedules }, clock));
  },
  { name: 'book', dependencies: ['database'] },
);
