/**
 * `npm run seed -- --clients 50000 --database file:/tmp/salon-50k.db [--replace]`
 *
 * Fills a salon database with generated clients (harness/seed-clients.ts), through the
 * server's own database and repository code. The database is created and migrated when it
 * does not exist. Without --database it is the server's DATABASE_URL (default
 * file:./data/salon.db). Staff accounts are untouched: the server creates the first one on
 * start (SALON_ADMIN_PASSWORD), or use `npm run staff -- add`.
 */
import { parseArgs } from 'node:util';
import { ConfigError, databaseFromUrl, DEFAULT_DATABASE_URL } from '#server/config.ts';
import type { DatabaseConfig } from '#server/db/database.ts';
import { seedClients } from '../harness/seed-clients.ts';

const USAGE = 'Usage: npm run seed -- --clients <count> [--database file:/path/to.db] [--replace]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        clients: { type: 'string' },
        database: { type: 'string' },
        replace: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.info(USAGE);
    return 0;
  }
  const count = Number(values.clients);
  if (!Number.isInteger(count) || count < 0 || count > 1_000_000) {
    console.error(`--clients must be a whole number from 0 to 1000000\n${USAGE}`);
    return 2;
  }
  let database: DatabaseConfig;
  try {
    database = databaseFromUrl(values.database ?? (process.env.DATABASE_URL || DEFAULT_DATABASE_URL));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const started = performance.now();
  const { added, total } = await seedClients(database, count, { replace: values.replace });
  console.info(
    `Added ${added} clients to ${database.kind === 'sqlite' ? database.file : 'the PostgreSQL database'} in ${((performance.now() - started) / 1000).toFixed(1)} s; it now has ${total}.`,
  );
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error('seed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
