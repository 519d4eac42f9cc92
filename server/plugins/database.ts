/** The database, opened and migrated before any route runs, closed when the app closes. */
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { openDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

export type DatabasePluginOptions = { file: string; busyTimeoutMs?: number };

export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, options) => {
    const db = await openDatabase(options);
    app.decorate('db', db);
    // onClose runs after in-flight requests have finished (fastify.close()).
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
  { name: 'database' },
);
