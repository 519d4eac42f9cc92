import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { rawExchange } from './testing/raw-http.ts';
import { listeningTestApp } from './testing/test-app.ts';
import { prettyLogStream } from './terminal-log.ts';

describe('logs in a terminal', () => {
  it('are one readable line per response, request first, refusals of malformed HTTP too', async () => {
    const written: string[] = [];
    const terminal = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(stripVTControlCharacters(chunk.toString()));
        done();
      },
    });
    const logStream = await prettyLogStream(terminal);
    if (!logStream) throw new Error('pino-pretty (a dev dependency) is not installed');
    const { app, port } = await listeningTestApp({ withStaff: false, config: { logStream } });
    await app.inject({ method: 'GET', url: '/api/clients' });
    await app.inject({ method: 'GET', url: '/no-such-page' });
    await rawExchange(port, 'GARBAGE\r\n\r\n');
    const lines = written
      .join('')
      .trimEnd()
      .split('\n')
      .filter((line) => !line.includes('Server listening'));
    expect(lines).toEqual([
      expect.stringMatching(
        /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/clients 401 \(\d+(\.\d)? ms\) request answered \{"reqId":"[0-9a-f-]{36}"\}$/,
      ),
      expect.stringMatching(/^\[[\d:.]+\] INFO: GET \/no-such-page 404 \(\d+(\.\d)? ms\) request answered \{"reqId":"[0-9a-f-]{36}"\}$/),
      expect.stringMatching(/^\[[\d:.]+\] INFO: 400 The request is not valid HTTP \{"code":"HPE_INVALID_METHOD"\}$/),
    ]);
  });
});
