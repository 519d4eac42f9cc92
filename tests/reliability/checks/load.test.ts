/**
 * Load on the real server, with autocannon:
 * - reads: GET /api/clients (1,000 clients) while logged in, 50 connections;
 * - writes at a fixed rate: POST /api/clients, 50 req/s over 10 connections; afterwards the
 *   rows added (counted in the database file) must equal the 2xx responses exactly.
 */
import { join } from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientBody, formatInt, printFigure, reliabilityContext } from '../lib/context.ts';
import { jsonHeaders } from '../lib/http.ts';
import { inspectCopy } from '../lib/sqlite.ts';
import { newLedger, runWriters, startLoggedIn, type RealServerUse } from './shared.ts';

const context = reliabilityContext();
const { settings } = context;

describe('load', () => {
  let running: RealServerUse;
  beforeAll(async () => {
    running = await startLoggedIn(context, 'load');
  });
  afterAll(() => running?.stop());

  it('reads', async () => {
    const { server, client, cookie } = running;
    // The clients to list: 8 writers until as many as the settings say have been sent.
    const ledger = newLedger();
    await runWriters({ client, cookie, tag: 'load-seed', count: 8, ledger, stop: () => ledger.sent.size >= settings.seededClients });
    const list = await client.request({ method: 'GET', path: '/api/clients', headers: { cookie } });
    const listed = (JSON.parse(list.body) as unknown[]).length;

    const reads = await autocannon({
      url: `${server.origin}/api/clients`,
      connections: settings.readConnections,
      duration: settings.readSeconds,
      headers: { cookie },
      timeout: 10,
    });
    printFigure(
      `GET /api/clients (${formatInt(listed)} clients, ${(list.body.length / 1024).toFixed(0)} KiB), ${settings.readConnections} connections, ${reads.duration.toFixed(0)} s: ` +
        `${formatInt(reads['2xx'])} responses (${formatInt(reads.requests.average)} req/s, ${(reads.throughput.average / 1048576).toFixed(1)} MiB/s), ` +
        `${reads.errors} errors, ${reads.non2xx} non-2xx; latency p50 ${reads.latency.p50} ms, p99 ${reads.latency.p99} ms, max ${reads.latency.max} ms`,
    );
    expect.soft(listed, 'clients in the list').toBe(settings.seededClients);
    expect.soft(reads.errors, `errors (${reads.timeouts} time-outs)`).toBe(0);
    expect.soft(reads.non2xx, `non-2xx responses: ${JSON.stringify(reads.statusCodeStats)}`).toBe(0);
    expect.soft(reads['2xx'], 'successful responses').toBeGreaterThan(0);
  });

  it('writes', async () => {
    const { server, cookie, databaseFile } = running;
    // Writes at a fixed rate. `amount` (not `duration`) so that every request sent gets a response
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
    printFigure(
      `POST /api/clients at ${settings.writeRate} req/s, ${settings.writeConnections} connections, ${writes.duration.toFixed(0)} s: ` +
        `${formatInt(writes['2xx'])} × 2xx, ${writes.non2xx} non-2xx, ${writes.errors} errors; rows added ${formatInt(added.length)} = 2xx ${formatInt(writes['2xx'])}; ` +
        `latency p50 ${writes.latency.p50} ms, p99 ${writes.latency.p99} ms, max ${writes.latency.max} ms`,
    );
    expect.soft(writes.non2xx, `non-2xx responses: ${JSON.stringify(writes.statusCodeStats)}`).toBe(0);
    expect.soft(writes.errors, `errors (${writes.timeouts} time-outs)`).toBe(0);
    expect.soft(added.length, 'rows added, against the 2xx responses').toBe(writes['2xx']);
    expect.soft(added.length - distinct, 'duplicate rows').toBe(0);
    expect.soft(writes['2xx'] + writes.non2xx, 'responses, against the requests').toBe(amount);
    expect.soft(stored.integrity, 'integrity_check').toBe('ok');
    expect.soft({ forced: stopped.forced, code: stopped.code ?? stopped.signal }, 'the server stopped cleanly').toEqual({
      forced: false,
      code: 0,
    });
  });
});
