import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MALFORMED_REQUESTS, RAW_ERROR_HEADERS, rawExchange } from '../testing/raw-http.ts';
import { listeningTestApp } from '../testing/test-app.ts';

describe('malformed HTTP on a real socket', () => {
  it.each(MALFORMED_REQUESTS)(
    '$name: $status with the security headers and a JSON body, then the connection closes',
    async ({ request, status }) => {
      const { port } = await listeningTestApp({ withStaff: false });
      const answer = await rawExchange(port, request);
      expect(answer.statusLine).toBe(`HTTP/1.1 ${status} ${STATUS_CODES[status]}`);
      expect(answer.headers).toMatchObject(RAW_ERROR_HEADERS);
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
      expect(JSON.parse(answer.body)).toEqual({ message: expect.stringMatching(/^The request /) });
      expect(answer.closedByServer).toBe(true);
    },
  );

  it('still answers an HTTP/1.0 request without Host, which HTTP/1.0 allows', async () => {
    const { port } = await listeningTestApp({ withStaff: false });
    const answer = await rawExchange(port, 'GET /api/clients HTTP/1.0\r\n\r\n');
    expect(answer.status).toBe(401);
  });

  it('logs the refusal with the parser error code, at info', async () => {
    const { port, logs } = await listeningTestApp({ withStaff: false });
    await rawExchange(port, 'GET /api/clients HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n');
    const line = logs
      .map((entry) => JSON.parse(entry) as Record<string, unknown>)
      .find((entry) => entry.code === 'HPE_INVALID_HEADER_TOKEN');
    expect(line).toMatchObject({ level: 30, status: 400 });
  });
});
