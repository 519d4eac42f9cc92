/**
 * Closing a connection whose request is still arriving, in stages (RFC 9112 section 9.6), so that the answer reaches a
 * client that is still sending: an over-limit body's 413 (Fastify answers it with `Connection: close` before the body
 * has arrived, even before its first byte when Content-Length says too much).
 *
 * Node ends such an answer with `socket.destroySoon()`: our FIN once the answer is written, then the socket is destroyed
 * at once. What the client sends after that meets a closed socket, and the kernel answers it with a reset, which can
 * throw away the answer before the client has read it (`write EPIPE`, `ECONNRESET`, no 413). Instead the server sends
 * the answer and its FIN, reads and drops what the client still sends, and closes once the client has closed its side,
 * or after LINGER's bytes or time, whichever comes first.
 */
import { Socket } from 'node:net';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export type LingerLimits = {
  /** The most read and dropped after the answer: the rest of a body somewhat over the limit (16 KiB, 32 MiB). */
  bytes: number;
  /** The longest wait for the client to close its side, from the end of the answer. */
  ms: number;
};

const LINGER: LingerLimits = { bytes: 8 * 1024 * 1024, ms: 5_000 };

/** How often the bytes read are looked at (Node's parser reads the socket itself: no 'data' event tells). */
const CHECK_INTERVAL_MS = 100;

/**
 * Makes Node close `socket`, once the answer being sent is written, in stages: FIN, then read and drop what still
 * arrives until the client closes or `limits` run out, then close. `lingering` holds the socket meanwhile.
 */
export function closeInStages(socket: Socket, limits: LingerLimits = LINGER, lingering = new Set<Socket>()): void {
  // Called by Node's HTTP server once the last answer on the connection is written (`_http_server.js`, resOnFinish).
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.destroyed) return;
    lingering.add(this);
    // The answer is written: our FIN follows it. The read side stays open (the server is allowHalfOpen), and the
    // parser goes on reading the request's body into a request nobody reads (Node dumps it).
    if (this.writable) this.end();
    const readBefore = this.bytesRead;
    const started = performance.now();
    const check = setInterval(
      () => {
        if (this.bytesRead - readBefore > limits.bytes || performance.now() - started >= limits.ms) this.destroy();
      },
      Math.min(CHECK_INTERVAL_MS, limits.ms),
    );
    check.unref();
    // The client's FIN ends it sooner: Node then ends the socket, and a socket ended both ways is destroyed.
    this.once('close', () => {
      clearInterval(check);
      lingering.delete(this);
    });
  };
}

/**
 * An answer that closes the connection (`Connection: close`) while its request is still arriving is closed in stages;
 * while the server stops, the connections still lingering are closed at once (they have had their answer).
 */
export const lingeringClose = fp(
  async (app) => {
    const lingering = new Set<Socket>();
    let stopping = false;
    // A callback hook, not an async one: it runs on every response, and needs no promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      const socket = request.raw.socket;
      // app.inject's requests have no real socket; an answer that keeps the connection lets Node read the rest itself.
      if (!request.raw.complete && !stopping && socket instanceof Socket && isClosing(reply.getHeader('connection'))) {
        closeInStages(socket, LINGER, lingering);
      }
      done(null, payload);
    });
    app.addHook('preClose', async () => {
      stopping = true;
      for (const socket of lingering) socket.destroy();
    });
  },
  { name: 'lingering-close' },
);

function isClosing(connection: ReturnType<FastifyReply['getHeader']>): boolean {
  return typeof connection === 'string' && connection.toLowerCase() === 'close';
}
