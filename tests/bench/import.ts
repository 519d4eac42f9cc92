/**
 * Importing clients (issue 29): a 10,000-row file into a list of 5,000 clients, 9,000 rows new and 1,000 already
 * clients (their email, in another case) with "Update them", so that all 10,000 are written.
 *
 * - The import: from sending POST /api/imports (the mapped rows as JSON, 1.4 MB) until its 201, on SQLite and on
 *   PostgreSQL; its undo likewise (POST /api/imports/:id/undo).
 * - A colleague's list: another session's GET /api/events (on PostgreSQL, on a second instance) gets the import as
 *   one `batch` event; measured from the 201's arrival (the commit is before it, the summary's few bytes after) to the
 *   event's, and the number of events the stream got for the 10,000 writes.
 * Each figure is the median of ROUNDS imports, each undone before the next.
 */
import { StreamBatch } from '#contract/api';
import { readEventStream } from '#contract/event-stream';
import type { ImportSummary } from '#contract/import';
import type { Build } from '../harness/build.ts';
import { postgresBinDir, startPostgresCluster } from '../harness/postgres.ts';
import { onCleanup } from '../harness/processes.ts';
import { seedClients } from '../harness/seed-clients.ts';
import { median, report } from './lib/report.ts';
import { logIn, scratchDirectory, seededDatabase, startServer, type RunningServer } from './lib/server.ts';
import { join } from 'node:path';

const CLIENTS = 5000;
const ROWS = 10_000;
const EXISTING_ROWS = 1000;
const ROUNDS = 3;

type Round = { importMs: number; undoMs: number; eventAfterCommitMs: number; undoEventAfterCommitMs: number; events: number };

/** A colleague's stream: each event's name and when it arrived. */
function colleagueStream(origin: string, cookie: string) {
  const abort = new AbortController();
  const events: Array<{ event: string; data: string; at: number }> = [];
  const ready = (async () => {
    const response = await fetch(`${origin}/api/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
    if (response.status !== 200 || !response.body) throw new Error(`GET /api/events responded ${response.status}`);
    return new Promise<void>((resolve) => {
      readEventStream(response.body as ReadableStream<Uint8Array>, ({ event, data }) => {
        if (event === 'ready') resolve();
        else events.push({ event, data, at: performance.now() });
      }).catch(() => {});
    });
  })();
  return { ready, events, close: () => abort.abort() };
}

async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function post(
  origin: string,
  cookie: string,
  path: string,
  body?: unknown,
): Promise<{ summary: ImportSummary; ms: number; at: number }> {
  const sent = performance.now();
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const at = performance.now();
  if (response.status >= 300) throw new Error(`POST ${path} responded ${response.status}: ${text.slice(0, 200)}`);
  return { summary: JSON.parse(text) as ImportSummary, ms: at - sent, at };
}

/** The file: 9,000 new rows, then 1,000 emails of clients already in the list, upper-cased. */
async function fileRows(origin: string, cookie: string, round: number) {
  const response = await fetch(`${origin}/api/clients`, { headers: { cookie } });
  const clients = (await response.json()) as Array<{ email: string }>;
  const existing = clients.slice(0, EXISTING_ROWS).map((client) => client.email.toUpperCase());
  return Array.from({ length: ROWS }, (_, index) => ({
    firstName: `Imported ${index}`,
    lastName: `Round ${round}`,
    email: index < ROWS - EXISTING_ROWS ? `import-${round}-${index}@example.com` : (existing[index - (ROWS - EXISTING_ROWS)] as string),
    registrationDateTime: index % 2 === 0 ? '2024-05-01T10:30' : '',
  }));
}

async function rounds(writer: string, reader: string): Promise<Round[]> {
  const writerCookie = await logIn(writer);
  const readerCookie = await logIn(reader);
  const results: Round[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const rows = await fileRows(writer, writerCookie, round);
    const stream = colleagueStream(reader, readerCookie);
    await stream.ready;
    try {
      const imported = await post(writer, writerCookie, '/api/imports', { fileName: `bench-${round}.csv`, existing: 'update', rows });
      if (imported.summary.created + imported.summary.updated !== ROWS) throw new Error(`Wrote ${JSON.stringify(imported.summary)}`);
      await until(() => stream.events.length >= 1, 10_000, 'the import’s batch event');
      const [batch] = stream.events;
      StreamBatch.parse(JSON.parse(batch?.data ?? ''));
      const undone = await post(writer, writerCookie, `/api/imports/${imported.summary.id}/undo`);
      await until(() => stream.events.length >= 2, 10_000, 'the undo’s batch event');
      await new Promise((resolve) => setTimeout(resolve, 200));
      results.push({
        importMs: imported.ms,
        undoMs: undone.ms,
        eventAfterCommitMs: (batch?.at ?? 0) - imported.at,
        undoEventAfterCommitMs: (stream.events[1]?.at ?? 0) - undone.at,
        events: stream.events.length,
      });
    } finally {
      stream.close();
    }
  }
  return results;
}

function reportRounds(engine: string, importGoalMs: number, results: Round[]): void {
  const of = (pick: (round: Round) => number) => median(results.map(pick));
  const each = (pick: (round: Round) => number) => results.map((round) => Math.round(pick(round))).join('/');
  const detail = `median of ${results.length} (${ROWS.toLocaleString('en')} rows, ${(ROWS - EXISTING_ROWS).toLocaleString('en')} new + ${EXISTING_ROWS.toLocaleString('en')} updated, into ${CLIENTS.toLocaleString('en')} clients)`;
  report({
    name: `Import of ${ROWS.toLocaleString('en')} rows, ${engine}`,
    measured: `${(of((r) => r.importMs) / 1000).toFixed(2)} s (${each((r) => r.importMs)} ms)`,
    goal: `< ${importGoalMs / 1000} s`,
    pass: of((r) => r.importMs) < importGoalMs,
    detail: `from sending POST /api/imports to its 201, ${detail}`,
  });
  report({
    name: `Undo of that import, ${engine}`,
    measured: `${(of((r) => r.undoMs) / 1000).toFixed(2)} s (${each((r) => r.undoMs)} ms)`,
    goal: '< 2 s',
    pass: of((r) => r.undoMs) < 2000,
    detail: `POST /api/imports/:id/undo to its 200: 9,000 clients to Recently deleted, 1,000 given their values back`,
  });
  const worst = Math.max(...results.flatMap((r) => [r.eventAfterCommitMs, r.undoEventAfterCommitMs]));
  report({
    name: `A colleague's stream gets the import (and the undo) as one event, ${engine}`,
    measured: `${Math.round(of((r) => r.eventAfterCommitMs))} ms after the 201 (undo ${Math.round(of((r) => r.undoEventAfterCommitMs))} ms; worst ${Math.round(worst)} ms); ${results.map((r) => r.events).join('/')} events`,
    goal: '< 1,000 ms after the commit, 2 events (import, undo) for 20,000 writes',
    pass: worst < 1000 && results.every((r) => r.events === 2),
    detail: `another session's GET /api/events${engine.includes('PostgreSQL') ? ' on the second instance (LISTEN/NOTIFY)' : ''}; negative: before the response arrived`,
  });
}

async function benchPostgres(build: Build): Promise<void> {
  if (postgresBinDir() === undefined) {
    console.info('SKIPPED  Import on PostgreSQL: PostgreSQL is not installed (apt-get install -y postgresql, or set PG_BIN).');
    return;
  }
  console.info('\nImporting clients on PostgreSQL, two instances…');
  const cluster = await startPostgresCluster();
  onCleanup(() => cluster.destroy());
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  try {
    await seedClients({ kind: 'postgres', url: cluster.url, poolSize: 10, connectTimeoutMs: 3000, statementTimeoutMs: 10_000 }, CLIENTS);
    const logs = scratchDirectory();
    a = await startServer(build, cluster.url, {}, join(logs, 'a.log'));
    b = await startServer(build, cluster.url, {}, join(logs, 'b.log'));
    reportRounds('PostgreSQL', 6000, await rounds(a.origin, b.origin));
  } finally {
    await a?.stop();
    await b?.stop();
    await cluster.destroy();
  }
}

export async function runImportBench(build: Build): Promise<void> {
  console.info('\nImporting clients on SQLite…');
  const server = await startServer(build, await seededDatabase(CLIENTS));
  try {
    reportRounds('SQLite', 3000, await rounds(server.origin, server.origin));
  } finally {
    await server.stop();
  }
  await benchPostgres(build);
}
