/**
 * The database and its engine, opened and migrated before any route runs, closed when the app closes; and the
 * watching that tells the after-commit signal of others' commits without waiting for a request (decision 022).
 */
import fp from 'fastify-plugin';
import { failureEpisodes } from '../background/background-tasks.ts';
import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseConfig } from '../db/database.ts';
import type { DatabaseEngine } from '../db/engine.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /** The after-commit signal and fast reads, for the caches of sessions and clients and the change feed. */
    dbEngine: DatabaseEngine;
  }
}

/** The background tasks' names, as the log says them. */
const DATABASE_TASKS = {
  otherProcessesCommits: 'Reading other processes’ commits (SQLite’s data_version)',
  otherInstancesCommits: 'Listening for other instances’ commits (PostgreSQL’s LISTEN)',
} as const;

export type DatabasePluginOptions = {
  database: DatabaseConfig;
  /** How often SQLite is asked for other processes' commits (PostgreSQL is told: LISTEN). */
  watchIntervalMs: number;
};

export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, { database, watchIntervalMs }) => {
    // A pooled PostgreSQL connection that breaks while idle (the database restarted) is replaced on next use.
    const { db, engine } = await openDatabase(database, (error) =>
      app.log.warn({ code: (error as { code?: unknown }).code, reason: String(error) }, 'A database connection broke'),
    );
    app.decorate('db', db);
    app.decorate('dbEngine', engine);
    const stopListening = engine.listenForCommits?.(failureEpisodes(app.log, DATABASE_TASKS.otherInstancesCommits));
    if (!stopListening) app.backgroundTasks.every(DATABASE_TASKS.otherProcessesCommits, watchIntervalMs, () => engine.pollCommits());
    // onClose runs after in-flight requests have finished (fastify.close()).
    app.addHook('onClose', async () => {
      await stopListening?.();
      await db.destroy();
    });
  },
  { name: 'database', dependencies: ['background-tasks'] },
);
