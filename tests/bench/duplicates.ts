/**
 * Possible duplicates (issue 29): GET /api/duplicates among 50,000 clients, from sending the request to the whole
 * body, on SQLite and on PostgreSQL: the median of ROUNDS, after one to warm up.
 * Goal: `/clients/duplicates` with 50,000 clients under 500 ms (the page's data; the server's part of it).
 *
 * The clients are a salon's as they are (../harness/salon-clients.ts), not the other benchmarks' generated ones:
 * those draw 50,000 names from 37 first and 30 last names, so that nearly everyone has a namesake and the list has
 * 48,890 pairs, 15 MB of JSON, which no salon has and which measures the response's compression more than the
 * pairing. Here names come from lists of 250 first and 300 last names, each pair of them used once, and the only
 * duplicates are the ones planted: 150 by an email in another case, 150 by a name without its accents (in capitals),
 * 50 by both. Each round checks that the server finds exactly those 350 pairs with their reasons.
 *
 * With `--against DIR` the same databases serve both builds, one after the other.
 */
import type { DuplicatePairBody } from '#contract/merge';
import type { Build } from '../harness/build.ts';
import { postgresBinDir, startPostgresCluster } from '../harness/postgres.ts';
import { onCleanup } from '../harness/processes.ts';
import { BOTH_TWINS, EMAIL_TWINS, NAME_TWINS, salonClients } from '../harness/salon-clients.ts';
import { seedClients } from '../harness/seed-clients.ts';
import { median, report, reportNotMeasured } from './lib/report.ts';
import { logIn, scratchDirectory, startServer } from './lib/server.ts';
import { join } from 'node:path';

const CLIENTS = 50_000;
const ROUNDS = 7;
const GOAL_MS = 500;

type Databases = { sqlite: string; postgres: string | undefined };

/** Seeded once per run: with --against, both builds read the same clients. */
let seeded: Promise<Databases> | undefined;

async function seedDatabases(): Promise<Databases> {
  const clients = salonClients(CLIENTS);
  const sqlite = join(scratchDirectory(), 'salon.db');
  console.info(`Seeding ${CLIENTS.toLocaleString('en')} clients on SQLite…`);
  await seedClients(sqlite, CLIENTS, { clients });
  if (postgresBinDir() === undefined) return { sqlite, postgres: undefined };
  console.info(`Seeding ${CLIENTS.toLocaleString('en')} clients on PostgreSQL…`);
  const cluster = await startPostgresCluster();
  onCleanup(() => cluster.destroy());
  await seedClients({ kind: 'postgres', url: cluster.url, poolSize: 10, connectTimeoutMs: 3000, statementTimeoutMs: 30_000 }, CLIENTS, {
    clients,
  });
  return { sqlite, postgres: cluster.url };
}

/** What the pairs must be: the planted ones, each once, with its reasons. */
function checkPairs(pairs: DuplicatePairBody[]): void {
  const count = (reasons: string) => pairs.filter((pair) => pair.reasons.join(',') === reasons).length;
  const found = { email: count('email'), name: count('name'), both: count('email,name') };
  const planted = { email: EMAIL_TWINS, name: NAME_TWINS, both: BOTH_TWINS };
  if (pairs.length !== EMAIL_TWINS + NAME_TWINS + BOTH_TWINS || JSON.stringify(found) !== JSON.stringify(planted)) {
    throw new Error(`GET /api/duplicates found ${pairs.length} pairs ${JSON.stringify(found)}, planted ${JSON.stringify(planted)}`);
  }
}

async function measure(build: Build, engine: string, database: string): Promise<void> {
  const name = `Possible duplicates among ${CLIENTS.toLocaleString('en')} clients, ${engine}`;
  console.info(`\nPossible duplicates on ${engine}…`);
  const server = await startServer(build, database, {}, join(scratchDirectory(), 'server.log'));
  try {
    const cookie = await logIn(server.origin);
    const times: number[] = [];
    let bytes = 0;
    for (let round = 0; round <= ROUNDS; round += 1) {
      const started = performance.now();
      const response = await fetch(`${server.origin}/api/duplicates`, { headers: { cookie } });
      const text = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`GET /api/duplicates responded ${response.status}`);
      checkPairs(JSON.parse(text) as DuplicatePairBody[]);
      bytes = text.length;
      // The first round warms the server up.
      if (round > 0) times.push(ms);
    }
    const ms = median(times);
    report({
      name,
      measured: `${Math.round(ms)} ms (${times.map(Math.round).join('/')} ms; ${EMAIL_TWINS + NAME_TWINS + BOTH_TWINS} pairs, ${(bytes / 1024).toFixed(0)} KiB)`,
      goal: `< ${GOAL_MS} ms`,
      pass: ms < GOAL_MS,
      detail: `median of ${ROUNDS}, from sending GET /api/duplicates to its whole body; the planted pairs checked each round`,
    });
  } catch (error) {
    reportNotMeasured(name, `< ${GOAL_MS} ms`, error instanceof Error ? error.message : String(error));
  } finally {
    await server.stop();
  }
}

export async function runDuplicatesBench(build: Build): Promise<void> {
  seeded ??= seedDatabases();
  const { sqlite, postgres } = await seeded;
  await measure(build, 'SQLite', sqlite);
  if (postgres === undefined) {
    console.info('SKIPPED  Possible duplicates on PostgreSQL: PostgreSQL is not installed (apt-get install -y postgresql, or set PG_BIN).');
    return;
  }
  await measure(build, 'PostgreSQL', postgres);
}
