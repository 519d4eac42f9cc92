/**
 * How long a connection may take, so that slow or idle clients (slowloris) cannot hold sockets open.
 * Values and reasons: docs/server.md, "Time-outs".
 */
export type ConnectionTimeouts = {
  /** From a request's first byte (or the connection's opening) to the end of its headers: Node's headersTimeout. */
  headersMs: number;
  /** From a request's first byte to the end of its body: requestTimeout. Not shorter than headersMs. */
  requestMs: number;
  /** An idle connection between two requests is closed after this (and Node's 1 s of grace): keepAliveTimeout. */
  keepAliveMs: number;
  /** How often Node looks for requests past the first two limits: connectionsCheckingInterval. */
  checkIntervalMs: number;
};

export const DEFAULT_CONNECTION_TIMEOUTS: ConnectionTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000,
};

/** Fastify's server options for these time-outs (Fastify sets requestTimeout and keepAliveTimeout itself, after Node's). */
export function timeoutOptions(timeouts: ConnectionTimeouts = DEFAULT_CONNECTION_TIMEOUTS) {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
  };
}
