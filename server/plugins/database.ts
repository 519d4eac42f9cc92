/** The database and its engine, opened and migrated before any route runs, closed when the app closes. */
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseConfig } from '../db/database.ts';
import type { DatabaseEngine } from '../db/engine.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /** Others' commits and fast reads, for the caches of sessions and clients. */
    dbEngine: DatabaseEngine;
  }
}

export const databasePlugin = fp<{ database: DatabaseConfig }>(
  async (app, { database }) => {
    // A pooled PostgreSQL connection that breaks while idle (the database restarted) is replaced on next use.
    const { db, engine } = await openDatabase(database, (error) =>
      app.log.warn({ code: (error as { code?: unknown }).code, reason: String(error) }, 'A database connection broke'),
    );
    app.decorate('db', db);
    app.decorate('dbEngine', engine);
    // onClose runs after in-flight requests have finished (fastify.close()).
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
  { name: 'database' },
);
