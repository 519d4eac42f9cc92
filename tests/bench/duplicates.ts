/**
 * Possible duplicates (issue 29): GET /api/duplicates on a list of 50,000 clients (the seeded generator's names, so
 * some pairs), from sending the request to the whole body, on SQLite: the median of ROUNDS, after one to warm up.
 * Goal: `/clients/duplicates` with 50,000 clients under 500 ms (the page's data; the server's part of it).
 */
import type { Build } from '../harness/build.ts';
import { median, report } from './lib/report.ts';
import { logIn, seededDatabase, startServer } from './lib/server.ts';

const CLIENTS = 50_000;
const ROUNDS = 5;

export async function runDuplicatesBench(build: Build): Promise<void> {
  console.info('\nPossible duplicates on SQLite…');
  const server = await startServer(build, await seededDatabase(CLIENTS));
  try {
    const cookie = await logIn(server.origin);
    const times: number[] = [];
    let pairs = 0;
    for (let round = 0; round <= ROUNDS; round += 1) {
      const started = performance.now();
      const response = await fetch(`${server.origin}/api/duplicates`, { headers: { cookie } });
      const body = (await response.json()) as unknown[];
      if (response.status !== 200) throw new Error(`GET /api/duplicates responded ${response.status}`);
      pairs = body.length;
      // The first round warms the server up.
      if (round > 0) times.push(performance.now() - started);
    }
    const ms = median(times);
    report({
      name: `Possible duplicates among ${CLIENTS.toLocaleString('en')} clients, SQLite`,
      measured: `${Math.round(ms)} ms (${times.map(Math.round).join(', ')} ms; ${pairs} pairs)`,
      goal: '< 500 ms',
      pass: ms < 500,
      detail: 'from sending GET /api/duplicates to its whole body',
    });
  } finally {
    await server.stop();
  }
}
