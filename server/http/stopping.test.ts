/**
 * A request that still arrives while the server stops (SIGTERM; kept-alive connections drain): refused with the
 * server's own 503, through its hooks like every answer, not Fastify's bare one (found by the reliability suite's
 * response audit, graceful stop).
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { FIXED_HEADERS } from '../plugins/security-headers.ts';
import { aClient, listeningTestApp, logIn } from '../testing/test-app.ts';

describe('while the server stops', () => {
  it('a request on a connection still open gets a 503 with the security headers, { message } and Retry-After', async () => {
    const test = await listeningTestApp();
    const cookie = await logIn(test.app);
    const socket = connect(test.port, '127.0.0.1');
    await once(socket, 'connect');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const body = JSON.stringify(aClient);
    const head = (request: string, length?: number) =>
      `${request} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\n` +
      `${length === undefined ? '' : `Content-Length: ${length}\r\n`}\r\n`;
    // A create under way when the stop begins (its body still coming), then a second request on that connection.
    socket.write(head('POST /api/clients', Buffer.byteLength(body)) + body.slice(0, 5));
    await sleep(50);
    const stopped = test.app.close();
    await sleep(50);
    socket.write(body.slice(5) + head('GET /api/clients'));
    await once(socket, 'close');
    await stopped;

    const [, second = ''] = Buffer.concat(received)
      .toString('utf8')
      .split(/(?=HTTP\/1\.1 )/);
    const [statusLine = '', ...headerLines] = second.slice(0, second.indexOf('\r\n\r\n')).split('\r\n');
    const headers = Object.fromEntries(
      headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    expect(statusLine).toBe('HTTP/1.1 503 Service Unavailable');
    expect(headers).toMatchObject({ ...FIXED_HEADERS, 'retry-after': '1', connection: 'close' });
    expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toEqual({
      message: 'The server is restarting. Try again in a moment.',
    });
  });
});
