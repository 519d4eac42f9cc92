import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MALFORMED_REQUESTS, RAW_ERROR_HEADERS, rawExchange } from '../testing/raw-http.ts';
import { listeningTestApp } from '../testing/test-app.ts';

describe('malformed HTTP on a real socket', () => {
  it.each(MALFORMED_REQUESTS)(
    '$name: $status with the security headers and a JSON body, then the connection closes',
    async ({ request, status }) => {
      const { port } = await listeningTestApp({ withStaff: false });
      const response = await rawExchange(port, request);
      expect(response.statusLine).toBe(`HTTP/1.1 ${status} ${STATUS_CODES[status]}`);
      expect(response.headers).toMatchObject(RAW_ERROR_HEADERS);
      expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
      expect(JSON.parse(response.body)).toEqual({ message: expect.stringMatching(/^The request /) });
      expect(response.closedByServer).toBe(true);
    },
  );

  it('still responds to an HTTP/1.0 request without Host, which HTTP/1.0 allows', async () => {
    const { port } = await listeningTestApp({ withStaff: false });
    const response = await rawExchange(port, 'GET /api/clients HTTP/1.0\r\n\r\n');
    expect(response.status).toBe(401);
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
