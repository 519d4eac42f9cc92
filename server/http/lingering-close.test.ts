import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { uploadExchange } from '../testing/raw-http.ts';
import { listeningTestApp, logIn } from '../testing/test-app.ts';
import { closeInStages, type LingerLimits } from './lingering-close.ts';

/** Some 1.1 MB: over the 16 KiB limit of POST /api/staff, under what the server reads before it closes (LINGER). */
const BODY_BYTES = 1_100_000;

/** The body as `Transfer-Encoding: chunked` frames it, in chunks of 16 KiB. */
function chunked(body: Buffer): Buffer {
  const frames: Buffer[] = [];
  for (let at = 0; at < body.length; at += 16 * 1024) {
    const piece = body.subarray(at, at + 16 * 1024);
    frames.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  return Buffer.concat([...frames, Buffer.from('0\r\n\r\n')]);
}

describe('an over-limit body on a real socket', () => {
  // Sent in pieces of 64 KiB every 5 ms (some 90 ms in all): the server has answered and closed its side long before
  // the last one, which before this fix always met a closed socket (EPIPE or ECONNRESET, and the 413 possibly lost).
  it.each([
    { framing: 'Content-Length (refused before a byte of it is read)', length: true },
    { framing: 'chunked (refused once 16 KiB have been read)', length: false },
  ])('POST /api/staff, 1.1 MB sent slowly with $framing, gets its 413 and a clean close', async ({ length }) => {
    const test = await listeningTestApp();
    const cookie = await logIn(test.app);
    const body = Buffer.alloc(BODY_BYTES, 'a');
    const framing = length ? `Content-Length: ${BODY_BYTES}` : 'Transfer-Encoding: chunked';
    const head = `POST /api/staff HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${framing}\r\nCookie: ${cookie}\r\n\r\n`;
    const result = await uploadExchange(test.port, head, length ? body : chunked(body));
    expect({ error: result.error, sent: result.sent }).toEqual({ error: undefined, sent: length ? BODY_BYTES : chunked(body).length });
    expect(result.statusLine).toBe('HTTP/1.1 413 Payload Too Large');
    expect(result.headers.connection).toBe('close');
    expect(JSON.parse(result.body)).toEqual({ message: 'Request body is too large (at most 16 KiB)' });
    // Closed once the client had closed its side, not at the end of the lingering.
    expect(result.closedByServer).toBe(true);
    expect(result.closedAfterMs).toBeLessThan(2000);
  });

  it('takes a client that gives up in the middle of its body, after its 413, for no mistake: nothing logged at info', async () => {
    const test = await listeningTestApp();
    const cookie = await logIn(test.app);
    const head = `POST /api/staff HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BODY_BYTES}\r\nCookie: ${cookie}\r\n\r\n`;
    const result = await uploadExchange(test.port, head, Buffer.alloc(100_000, 'a'));
    expect({ status: result.status, error: result.error, closedByServer: result.closedByServer }).toEqual({
      status: 413,
      error: undefined,
      closedByServer: true,
    });
    const infoOrAbove = test.logs.map((line) => JSON.parse(line) as { level: number; msg: string }).filter(({ level }) => level >= 30);
    expect(infoOrAbove.map(({ msg }) => msg)).not.toContain('The request is not valid HTTP');
  });

  it('ends a lingering connection at once when the server stops, which would otherwise wait for it', async () => {
    const test = await listeningTestApp();
    const cookie = await logIn(test.app);
    const head = `POST /api/staff HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BODY_BYTES}\r\nCookie: ${cookie}\r\n\r\n`;
    // The client says 1.1 MB and then waits: the connection lingers, waiting for the rest.
    let stopped: () => void = () => {};
    const giveUpOn = new Promise<void>((resolve) => (stopped = resolve));
    const exchange = uploadExchange(test.port, head, Buffer.from('{}'), { everyMs: 3000, giveUpOn });
    await expect.poll(() => test.logs.some((line) => line.includes('"status":413'))).toBe(true);
    const closing = performance.now();
    await test.app.close();
    expect(performance.now() - closing).toBeLessThan(1000);
    stopped();
    expect((await exchange).status).toBe(413);
  });
});

/**
 * A bare HTTP server that refuses every request with a 413 and `Connection: close`, closing in stages within `limits`;
 * `closedAfterMs` tells when it closed the connection, in ms after its answer was written.
 */
async function refusingServer(limits: LingerLimits): Promise<{ port: number; closedAfterMs: Promise<number> }> {
  let closed: (ms: number) => void = () => {};
  const closedAfterMs = new Promise<number>((resolve) => (closed = resolve));
  const server: Server = createServer((request, response) => {
    closeInStages(request.socket, limits);
    response.writeHead(413, { connection: 'close', 'content-length': 0 }).end();
    response.on('finish', () => {
      const answered = performance.now();
      request.socket.on('close', () => closed(performance.now() - answered));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => {
    server.closeAllConnections();
    server.close();
  });
  return { port: (server.address() as AddressInfo).port, closedAfterMs };
}

describe('closing in stages, within its limits', () => {
  it('stops reading once it has read its bytes', async () => {
    const { port, closedAfterMs } = await refusingServer({ bytes: 64 * 1024, ms: 5000 });
    const body = Buffer.alloc(4 * 1024 * 1024, 'a');
    const result = await uploadExchange(port, `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n`, body, {
      chunkBytes: 32 * 1024,
      everyMs: 1,
    });
    expect(result.status).toBe(413);
    expect(await closedAfterMs).toBeLessThan(1000);
    // Cut off: the client could not send it all.
    expect(result.error).toMatch(/^(EPIPE|ECONNRESET)$/);
    expect(result.sent).toBeLessThan(body.length);
  });

  it('stops waiting for a silent client once its time is up', async () => {
    const { port, closedAfterMs } = await refusingServer({ bytes: 1024 * 1024, ms: 100 });
    // The client sends its headers and then nothing for a while, neither its body nor its end.
    const head = 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n';
    const result = uploadExchange(port, head, Buffer.from('{}'), { everyMs: 3000, giveUpOn: closedAfterMs });
    expect(await closedAfterMs).toBeGreaterThanOrEqual(100);
    expect(await closedAfterMs).toBeLessThan(1000);
    expect((await result).status).toBe(413);
  });
});
