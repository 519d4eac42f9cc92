/**
 * Online booking on the landing page (issue 41): the repository in the salon's time zone, with SALON_CANCEL_HOURS and
 * the server's client ids; and the background task that deletes the holds that ran out (an expired hold is already
 * ignored by every read and write; its errors are logged, never ending the server).
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HOLD_MINUTES } from '#contract/online-booking';
import { generateClientId } from '../clients/client-store.ts';
import { createOnlineBookingRepository, type OnlineBookingRepository } from '../repositories/online-booking.ts';

declare module 'fastify' {
  interface FastifyInstance {
    onlineBooking: OnlineBookingRepository & {
      now: () => Date;
      /** Where the emails' links point: PUBLIC_ORIGIN, else the origin the request was sent to. */
      origin: (request: FastifyRequest) => string;
      expireHolds: () => Promise<void>;
    };
  }
}

/** How often the holds that ran out are deleted: a tenth of a hold's time. */
const HOLD_EXPIRY_INTERVAL_MS = (HOLD_MINUTES * 60 * 1000) / 10;

export const onlineBookingPlugin = fp<{ clock: () => number; cancelHours: number; publicOrigin: string | null }>(
  async (app, { clock, cancelHours, publicOrigin }) => {
    const now = () => new Date(clock());
    const { address, domain } = app.emailOutbox;
    const repository = createOnlineBookingRepository(app.db, {
      zone: app.salon.timeZone,
      cancelHours,
      newClientId: generateClientId,
      email: { address, domain },
    });
    const origin = (request: FastifyRequest) => publicOrigin ?? new URL(`${request.protocol}://${request.host}`).origin;
    const expireHolds = app.backgroundTasks.every('Deleting expired booking holds', HOLD_EXPIRY_INTERVAL_MS, () =>
      repository.expire(now()),
    );
    app.decorate('onlineBooking', { ...repository, now, origin, expireHolds });
  },
  { name: 'online-booking', dependencies: ['database', 'book', 'background-tasks', 'email'] },
);
