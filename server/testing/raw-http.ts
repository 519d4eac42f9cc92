/**
 * HTTP written byte by byte on a socket (malformed, over-long, trickling requests) and exactly what the server
 * writes back: for the socket tests in server/http/ and the reliability suite's access checks.
 */
import { connect } from 'node:net';
import { DEFAULT_CACHE_CONTROL, FIXED_HEADERS } from '../plugins/security-headers.ts';

export type RawResponse = {
  /** 'HTTP/1.1 400 Bad Request'; '' when the server wrote nothing. */
  statusLine: string;
  /** 0 when the server wrote nothing. */
  status: number;
  /** Lower-case names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
  /** Whether the server closed the connection (false: we gave up after `giveUpMs`). */
  closedByServer: boolean;
  /** When the connection ended, in ms after it opened. */
  closedAfterMs: number;
};

type RawOptions = {
  host?: string;
  /** Written after the request every `everyMs` until the connection ends: a slow client. */
  trickle?: { chunk: string; everyMs: number };
  /** How long to wait for the server to close before closing ourselves. */
  giveUpMs?: number;
};

/** The first response in what the server wrote: status line, headers, and everything after them as the body. */
function parseRawResponse(raw: string): Pick<RawResponse, 'statusLine' | 'status' | 'headers' | 'body'> {
  const headEnd = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = (headEnd === -1 ? raw : raw.slice(0, headEnd)).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    statusLine,
    status: Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1] ?? 0),
    headers,
    body: headEnd === -1 ? '' : raw.slice(headEnd + 4),
  };
}

/**
 * Connects to 127.0.0.1:`port`, writes `request` at once (then the trickle, if any), and reads
 * until the server closes the connection or `giveUpMs` passes. The socket is always destroyed.
 */
export function rawExchange(port: number, request: string, options: RawOptions = {}): Promise<RawResponse> {
  const { host = '127.0.0.1', trickle, giveUpMs = 5000 } = options;
  return new Promise((resolve) => {
    const opened = performance.now();
    const chunks: Buffer[] = [];
    // Written at once: the socket keeps it until connected. The trickle starts only once connected, so that on a
    // busy machine its first chunk can never reach the server before the request (a 400, not the time-out tested).
    const socket = connect(port, host);
    socket.write(request);
    let trickling: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      if (trickle) trickling = setInterval(() => socket.write(trickle.chunk), trickle.everyMs);
    });
    let closedByServer = true;
    const giveUp = setTimeout(() => {
      closedByServer = false;
      socket.destroy();
    }, giveUpMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset or a write after the server closed ends the exchange like a close does.
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      clearInterval(trickling);
      clearTimeout(giveUp);
      const response = parseRawResponse(Buffer.concat(chunks).toString('utf8'));
      resolve({ ...response, closedByServer, closedAfterMs: performance.now() - opened });
    });
  });
}

/** What a client that sends its whole body before it reads met: the response, and the error that ended it, if any. */
export type UploadResult = RawResponse & {
  /** The socket's error ('EPIPE', 'ECONNRESET'), undefined when the connection ended cleanly. */
  error: string | undefined;
  /** Bytes of the body written before the connection ended. */
  sent: number;
};

/**
 * Sends `head`, then `body` in pieces of `chunkBytes` every `everyMs`, whatever the server answers meanwhile (a client
 * that reads the answer only once it has sent everything, as many do), then ends its side and reads until the server
 * closes. The server's FIN does not stop it (allowHalfOpen); a reset does, and is returned as `error`.
 */
export function uploadExchange(
  port: number,
  head: string,
  body: Buffer,
  options: {
    chunkBytes?: number;
    everyMs?: number;
    giveUpMs?: number;
    /** The client also gives up once this settles (a test that has seen what it waited for). */
    giveUpOn?: Promise<unknown>;
  } = {},
): Promise<UploadResult> {
  const { chunkBytes = 64 * 1024, everyMs = 5, giveUpMs = 5000, giveUpOn } = options;
  return new Promise((resolve) => {
    const opened = performance.now();
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const chunks: Buffer[] = [];
    let error: string | undefined;
    let sent = 0;
    let pause: NodeJS.Timeout | undefined;
    let closedByServer = true;
    const stop = () => {
      if (socket.destroyed) return;
      closedByServer = false;
      socket.destroy();
    };
    const giveUp = setTimeout(stop, giveUpMs);
    void giveUpOn?.finally(stop);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (cause: NodeJS.ErrnoException) => void (error ??= cause.code ?? cause.message));
    socket.on('close', () => {
      clearTimeout(pause);
      clearTimeout(giveUp);
      const response = parseRawResponse(Buffer.concat(chunks).toString('utf8'));
      resolve({ ...response, closedByServer, closedAfterMs: performance.now() - opened, error, sent });
    });
    const sendNext = () => {
      if (socket.destroyed) return;
      if (sent === body.length) return void socket.end();
      const piece = body.subarray(sent, sent + chunkBytes);
      sent += piece.length;
      socket.write(piece, () => void (pause = setTimeout(sendNext, everyMs)));
    };
    socket.write(head, () => void (pause = setTimeout(sendNext, everyMs)));
  });
}

/** What an error response on a raw socket must carry: every response's security headers, and a closed connection. */
export const RAW_ERROR_HEADERS = {
  ...FIXED_HEADERS,
  'cache-control': DEFAULT_CACHE_CONTROL,
  'content-type': 'application/json; charset=utf-8',
  connection: 'close',
} as const;

/** What the socket tests and the reliability suite send: each must get a JSON response with the security headers. */
export const MALFORMED_REQUESTS: ReadonlyArray<{ name: string; request: string; status: number }> = [
  { name: 'a bad request line', request: 'GARBAGE / NOT-HTTP\r\n\r\n', status: 400 },
  { name: 'a space in a header name', request: 'GET /api/clients HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n', status: 400 },
  {
    name: 'Content-Length with Transfer-Encoding (request smuggling)',
    request:
      'POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    status: 400,
  },
  {
    name: 'Content-Length: abc',
    request: 'POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
    status: 400,
  },
  { name: 'no Host header (HTTP/1.1)', request: 'GET /api/clients HTTP/1.1\r\n\r\n', status: 400 },
  {
    name: 'a 20 KB header',
    request: `GET /api/clients HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
    status: 431,
  },
];

/** The start of a request whose headers never end, and the header line it then trickles. */
export const SLOW_HEADERS = { request: 'GET /api/clients HTTP/1.1\r\nHost: localhost\r\n', chunk: 'X-Slow: 1\r\n' } as const;
