/**
 * Responses to what never becomes a Fastify request (Node's clientError; an HTTP/1.1 request without Host), with
 * the security headers and a JSON `{ message }` like every other (docs/decisions/005-security-headers.md).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_CACHE_CONTROL, FIXED_HEADERS } from '../plugins/security-headers.ts';

type Refusal = { status: number; message: string };

/** Node's own status for each error (its clientError default), in the words of this API. */
const CLIENT_ERRORS: Record<string, Refusal> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: "The request's chunk extensions are too large" },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
};
const NOT_HTTP: Refusal = { status: 400, message: 'The request is not valid HTTP' };

/** The client has gone: there is nobody to respond to. */
const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE']);

const HEAD_LINES = [
  ...Object.entries(FIXED_HEADERS).map(([name, value]) => `${name}: ${value}`),
  `cache-control: ${DEFAULT_CACHE_CONTROL}`,
  'content-type: application/json; charset=utf-8',
  'connection: close',
].join('\r\n');

/** Fastify's clientErrorHandler option: Fastify binds it to the app (for the log). */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  if (CLIENT_GONE.has(error.code) || socket.destroyed) return;
  // Our side is closed: the answer has gone with `Connection: close` (lingering-close.ts), and a client that stops in
  // the middle of its body (HPE_INVALID_EOF_STATE) is closing its side too. Nothing to answer, no mistake to log.
  if (socket.writableEnded) {
    this.log.debug({ code: error.code }, 'connection closed after its answer');
    socket.destroy();
    return;
  }
  const { status, message } = CLIENT_ERRORS[error.code] ?? NOT_HTTP;
  // A connection that never sent a byte (a browser's spare one) timing out is no client's mistake.
  if (socket.bytesRead === 0) this.log.debug({ code: error.code, status }, 'idle connection closed');
  else this.log.info({ code: error.code, status }, message);
  // As Node does: no response once one has begun on this connection (it would be corrupted).
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${HEAD_LINES}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** HTTP/1.1 requires Host (RFC 9112, section 3.2); HTTP/1.0 does not, as with Node's own check. */
export const requireHost = fp(
  async (app) => {
    // A callback hook, not an async one: it runs on every request, and needs no promise.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.raw.httpVersion !== '1.1' || request.headers.host !== undefined) return done();
      reply.code(400).header('connection', 'close').send({ message: 'The request has no Host header' });
    });
  },
  { name: 'require-host' },
);
