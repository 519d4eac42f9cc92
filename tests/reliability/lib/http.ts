/**
 * A small HTTP client on node:http (full control over headers such as Origin and Cookie, and
 * raw bodies), keep-alive, with a time-out, every response checked by the file's response audit (headers and leaks).
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { ResponseAudit } from './response-audit.ts';

export type HttpRequest = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
};

export type HttpResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  ms: number;
};

export class HttpClient {
  readonly origin: string;
  readonly #host: string;
  readonly #port: number;
  readonly #agent: http.Agent;
  readonly #audit: ResponseAudit | undefined;
  readonly #source: string;

  constructor(origin: string, options: { audit?: ResponseAudit; source?: string; maxSockets?: number } = {}) {
    const url = new URL(origin);
    this.origin = url.origin;
    this.#host = url.hostname;
    this.#port = Number(url.port);
    this.#agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 16 });
    this.#audit = options.audit;
    this.#source = options.source ?? 'http';
  }

  request(request: HttpRequest): Promise<HttpResponse> {
    const started = performance.now();
    return new Promise<HttpResponse>((resolve, reject) => {
      const headers: Record<string, string | number> = { ...request.headers };
      if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
      const outgoing = http.request(
        { host: this.#host, port: this.#port, method: request.method, path: request.path, headers, agent: this.#agent },
        (incoming) => {
          const chunks: Buffer[] = [];
          const finish = () => {
            const response = {
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            };
            this.#audit?.record({
              source: this.#source,
              method: request.method,
              url: request.path,
              requestBody: request.body,
              status: response.status,
              headers: response.headers,
              body: response.body,
            });
            resolve(response);
          };
          incoming.on('error', reject);
          // An event stream (GET /api/events) never ends by itself: its first event is the response's body. HEAD's has none.
          if (request.method !== 'HEAD' && incoming.headers['content-type']?.startsWith('text/event-stream')) {
            incoming.once('data', (chunk: Buffer) => {
              chunks.push(chunk);
              outgoing.destroy();
              finish();
            });
            return;
          }
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', finish);
        },
      );
      outgoing.setTimeout(request.timeoutMs ?? 20_000, () => outgoing.destroy(new Error(`${request.method} ${request.path} timed out`)));
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
  }

  close(): void {
    this.#agent.destroy();
  }
}

/** The `name=value` of the session cookie a response set. */
export function sessionCookieOf(response: HttpResponse): string {
  const header = response.headers['set-cookie'];
  const cookie = (Array.isArray(header) ? header[0] : header)?.split(';')[0];
  if (!cookie) throw new Error(`No Set-Cookie in a ${response.status} response: ${response.body.slice(0, 200)}`);
  return cookie;
}

/** Headers of a same-origin JSON call, as the SPA in a browser sends them. */
export function jsonHeaders(origin: string, cookie?: string): Record<string, string> {
  return { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) };
}

export async function logIn(client: HttpClient, username: string, password: string): Promise<string> {
  const response = await client.request({
    method: 'POST',
    path: '/login',
    headers: jsonHeaders(client.origin),
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`Login as ${username} failed: ${response.status} ${response.body.slice(0, 200)}`);
  return sessionCookieOf(response);
}
