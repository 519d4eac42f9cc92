/** The database, opened and migrated before any route runs, closed when the app closes. */
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseConfig } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

export const databasePlugin = fp<{ database: DatabaseConfig }>(
  async (app, { database }) => {
    // A pooled PostgreSQL connection that breaks while idle (the database restarted) is replaced on next use.
    const db = await openDatabase(database, (error) =>
      app.log.warn({ code: (error as { code?: unknown }).code, reason: String(error) }, 'A database connection broke'),
    );
    app.decorate('db', db);
    // onClose runs after in-flight requests have finished (fastify.close()).
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
  { name: 'database' },
);
