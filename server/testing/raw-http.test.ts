import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { rawExchange } from './raw-http.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that keeps what it first reads, then closes the connection. */
async function recordingServer(): Promise<{ port: number; received: Promise<string> }> {
  let record: (text: string) => void = () => {};
  const received = new Promise<string>((resolve) => (record = resolve));
  server = createServer((socket) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      if (text.length >= 40) {
        record(text);
        socket.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  return { port: address.port, received };
}

describe('rawExchange', () => {
  it('writes the request before the first trickled chunk, however soon the trickle starts', async () => {
    const { port, received } = await recordingServer();
    // The connection takes longer than a millisecond to open: a trickle timed from the call would come first.
    const exchange = rawExchange(port, 'GET / HTTP/1.1\r\nHost: localhost\r\n', {
      trickle: { chunk: 'X: 1\r\n', everyMs: 1 },
      giveUpMs: 2000,
    });
    expect(await received).toMatch(/^GET \/ HTTP\/1\.1\r\nHost: localhost\r\n(X: 1\r\n)+/);
    await exchange;
  });
});
