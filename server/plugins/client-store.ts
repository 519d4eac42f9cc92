/**
 * The client store (the read model and the writes that invalidate it), shared by the routes;
 * the purge of "Recently deleted" clients older than DELETED_CLIENTS_KEEP_DAYS and of Idempotency-Keys older than
 * 24 hours, on start and hourly; and, on SQLite, the emptying of the write-ahead log after an erasure or a purge
 * (and on start).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClientStore, type ClientStore } from '../clients/client-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    clientStore: ClientStore;
  }
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** The background task's name, as the log says it (and tests run it). */
export const EMPTYING_THE_LOG = 'Emptying SQLite’s write-ahead log after an erasure';
/** How often emptying the log is tried again while another process reads an older snapshot. */
const EMPTYING_RETRY_MS = 1000;
/** How long that may last before the retries are logged as failing (a backup of 50,000 clients reads for 0.1 s). */
const EMPTYING_PATIENCE_MS = 60 * 1000;

/**
 * What runs after clients were removed (an erasure, a purge): SQLite's write-ahead log still holds the pages as they
 * were before, and the database file itself holds them until the log is copied into it. Both are done at once, in
 * the request (a few milliseconds), and when another process reads an older snapshot meanwhile, every second in the
 * background until it is done; the erasure's answer never waits for that reader (docs/decisions/025-an-erasure-that-erases.md).
 */
function emptyTheLogAfterRemovals(app: FastifyInstance): () => Promise<void> {
  const empty = app.dbEngine.emptyWriteAheadLog;
  if (!empty) return async () => {};
  let removals = 0;
  let attemptedThrough = 0;
  let emptiedThrough = 0;
  let refusedSince: number | undefined;
  const run = app.backgroundTasks.every(EMPTYING_THE_LOG, EMPTYING_RETRY_MS, async () => {
    const through = removals;
    if (emptiedThrough === through) return;
    attemptedThrough = through;
    if (await empty()) {
      emptiedThrough = through;
      refusedSince = undefined;
      return;
    }
    refusedSince ??= performance.now();
    if (performance.now() - refusedSince > EMPTYING_PATIENCE_MS) {
      throw new Error('another process has read an older snapshot of the database (or held its lock) for over a minute');
    }
  });
  return async () => {
    removals += 1;
    await run();
    // The run joined may have begun before this removal committed.
    if (attemptedThrough < removals) await run();
  };
}

export const clientStorePlugin = fp<{ clock: () => number; deletedClientsKeepDays: number }>(
  async (app, { clock, deletedClientsKeepDays }) => {
    const afterRemoval = emptyTheLogAfterRemovals(app);
    const store = createClientStore(app.db, app.dbEngine, clock, afterRemoval);
    app.decorate('clientStore', store);
    // On start too: a server killed between an erasure's commit and the checkpoint left both to this one.
    await afterRemoval();

    // Purged on start (a failure is logged, and does not stop the start), then hourly.
    const purge = app.backgroundTasks.every('Purging deleted clients and old Idempotency-Keys', PURGE_INTERVAL_MS, async () => {
      const purged = await store.purgeDeleted(deletedClientsKeepDays);
      if (purged > 0) {
        app.log.info({ purged }, 'Purged deleted clients past their keeping time');
        await afterRemoval();
      }
      await store.purgeIdempotencyKeys();
    });
    await purge();
  },
  { name: 'client-store', dependencies: ['background-tasks', 'database'] },
);
