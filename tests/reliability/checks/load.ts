/**
 * Load on the real server, with autocannon:
 * - reads: GET /api/clients (1,000 clients) while logged in, 50 connections;
 * - writes at a fixed rate: POST /api/clients, 50 req/s over 10 connections; afterwards the
 *   rows added (counted in the database file) must equal the 2xx answers exactly.
 */
import { join } from 'node:path';
import autocannon from 'autocannon';
import { clientBody, formatInt, type Group } from '../lib/context.ts';
import { jsonHeaders } from '../lib/http.ts';
import { inspectCopy } from '../lib/sqlite.ts';
import { newLedger, runWriters, withRealServer } from './shared.ts';

export const loadGroup: Group = {
  name: 'load',
  checks: ['load: reads', 'load: writes'],
  async run(context, report) {
    const { settings } = context;
    await withRealServer(context, 'load', {}, async ({ server, client, cookie, databaseFile }) => {
      // The clients to list: 8 writers until as many as the settings say have been sent.
      const ledger = newLedger();
      await runWriters({ client, cookie, tag: 'load-seed', count: 8, ledger, stop: () => ledger.sent.size >= settings.seededClients });
      const list = await client.request({ method: 'GET', path: '/api/clients', headers: { cookie } });
      const listed = (JSON.parse(list.body) as unknown[]).length;

      // Reads.
      const reads = await autocannon({
        url: `${server.origin}/api/clients`,
        connections: settings.readConnections,
        duration: settings.readSeconds,
        headers: { cookie },
        timeout: 10,
      });
      const readProblems: string[] = [];
      if (listed !== settings.seededClients) readProblems.push(`the list had ${listed} clients, not ${settings.seededClients}`);
      if (reads.errors > 0) readProblems.push(`${reads.errors} errors (${reads.timeouts} time-outs)`);
      if (reads.non2xx > 0) readProblems.push(`${reads.non2xx} non-2xx answers: ${JSON.stringify(reads.statusCodeStats)}`);
      if (reads['2xx'] === 0) readProblems.push('no successful answer at all');
      report('load: reads', {
        figure:
          `GET /api/clients (${formatInt(listed)} clients, ${(list.body.length / 1024).toFixed(0)} KiB), ${settings.readConnections} connections, ${reads.duration.toFixed(0)} s: ` +
          `${formatInt(reads['2xx'])} answers (${formatInt(reads.requests.average)} req/s, ${(reads.throughput.average / 1048576).toFixed(1)} MiB/s), ` +
          `${reads.errors} errors, ${reads.non2xx} non-2xx; latency p50 ${reads.latency.p50} ms, p99 ${reads.latency.p99} ms, max ${reads.latency.max} ms`,
        problems: readProblems,
      });

      // Writes at a fixed rate. `amount` (not `duration`) so that every request sent is answered
      // before autocannon stops: a request cut off at the end would be stored but not counted.
      let sequence = 0;
      const amount = settings.writeRate * settings.writeSeconds;
      const writes = await autocannon({
        url: server.origin,
        connections: settings.writeConnections,
        overallRate: settings.writeRate,
        amount,
        timeout: 10,
        requests: [
          {
            method: 'POST',
            path: '/api/clients',
            headers: jsonHeaders(server.origin, cookie),
            setupRequest: (request) => {
              sequence += 1;
              return { ...request, body: clientBody(`load-write-${sequence}`, sequence) };
            },
          },
        ],
      });
      const stopped = await server.terminate();
      const stored = inspectCopy(databaseFile, join(context.workDir, 'load', 'inspect'));
      const added = stored.clients.filter((row) => row.last_name.startsWith('load-write-'));
      const distinct = new Set(added.map((row) => row.last_name)).size;
      const writeProblems: string[] = [];
      if (writes.non2xx > 0) writeProblems.push(`${writes.non2xx} non-2xx answers: ${JSON.stringify(writes.statusCodeStats)}`);
      if (writes.errors > 0) writeProblems.push(`${writes.errors} errors (${writes.timeouts} time-outs)`);
      if (added.length !== writes['2xx']) writeProblems.push(`${added.length} rows added for ${writes['2xx']} 2xx answers`);
      if (distinct !== added.length) writeProblems.push(`${added.length - distinct} duplicate rows`);
      if (writes['2xx'] + writes.non2xx !== amount) writeProblems.push(`${writes['2xx'] + writes.non2xx} answers for ${amount} requests`);
      if (stored.integrity !== 'ok') writeProblems.push(`integrity_check: ${stored.integrity}`);
      if (stopped.forced || stopped.code !== 0) writeProblems.push(`the server did not stop cleanly (${stopped.code ?? stopped.signal})`);
      report('load: writes', {
        figure:
          `POST /api/clients at ${settings.writeRate} req/s, ${settings.writeConnections} connections, ${writes.duration.toFixed(0)} s: ` +
          `${formatInt(writes['2xx'])} × 2xx, ${writes.non2xx} non-2xx, ${writes.errors} errors; rows added ${formatInt(added.length)} = 2xx ${formatInt(writes['2xx'])}; ` +
          `latency p50 ${writes.latency.p50} ms, p99 ${writes.latency.p99} ms, max ${writes.latency.max} ms`,
        problems: writeProblems,
      });
    });
  },
};
