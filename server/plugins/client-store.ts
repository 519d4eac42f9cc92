/**
 * The client store (the read model and the writes that invalidate it), shared by the routes;
 * and the purge of "Recently deleted" clients older than DELETED_CLIENTS_KEEP_DAYS and of Idempotency-Keys older than
 * 24 hours, on start and hourly.
 */
import fp from 'fastify-plugin';
import { createClientStore, type ClientStore } from '../clients/client-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    clientStore: ClientStore;
  }
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

const CLIENT_STORE_TASKS = { purge: 'Purging deleted clients and old Idempotency-Keys' } as const;

export const clientStorePlugin = fp<{ clock: () => number; deletedClientsKeepDays: number }>(
  async (app, { clock, deletedClientsKeepDays }) => {
    const store = createClientStore(app.db, app.dbEngine, clock);
    app.decorate('clientStore', store);

    // Purged on start (a failure is logged, and does not stop the start), then hourly.
    app.backgroundTasks.every(CLIENT_STORE_TASKS.purge, PURGE_INTERVAL_MS, async () => {
      const purged = await store.purgeDeleted(deletedClientsKeepDays);
      if (purged > 0) app.log.info({ purged }, 'Purged deleted clients past their keeping time');
      await store.purgeIdempotencyKeys();
    });
    await app.backgroundTasks.run(CLIENT_STORE_TASKS.purge);
  },
  { name: 'client-store', dependencies: ['background-tasks', 'database'] },
);
