/**
 * Every response a test file receives (over HTTP from the real server, from `app.inject`, or on
 * a raw socket) passes through here and is checked on the fly, so nothing is kept in memory:
 * - leaks: no body holds a stack trace, SQL, an SQLite error or a file path, and every error
 *   body is `{ message }` (plus `requestId` on a 5xx), nothing else; a 412 is the contract's
 *   `{ message, current }` (the client as it now is: the session may read it);
 * - headers: the security headers are on every response, counted per kind (HTML, JS, JSON, 4xx, 5xx).
 * What the request itself carried (fuzzed SQL echoed back in a stored name, an unknown field
 * named in a 400's message) is removed before the scan: it is the caller's own data.
 */
import { once } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { text as readText } from 'node:stream/consumers';
import { PreconditionFailedBody } from '#contract/api';
import type { App } from '#server/app.ts';
import type { HttpRequest, HttpResponse } from './http.ts';

/** The 412 body with nothing more than the contract names, at either level. */
const STRICT_412 = PreconditionFailedBody.extend({ current: PreconditionFailedBody.shape.current.strict() }).strict();

type Exchange = {
  source: string;
  method: string;
  url: string;
  requestBody?: string;
  status: number;
  headers: IncomingHttpHeaders | Record<string, string | string[] | number | undefined>;
  body: string;
};

/** What looks like a leak, and whether it is one in the SPA's own HTML and JS too. */
const LEAK_PATTERNS: Array<[string, RegExp, boolean]> = [
  ['a stack frame', /\bat (?:async )?[\w$.<>[\]]+ \(|\bat (?:file:|node:)|\n\s+at \S/, true],
  ['a source location', /\.(?:[cm]?js|ts):\d+(?::\d+)?/, false],
  ['a Node internal', /node:internal|node_modules|dist-server/, true],
  ['an SQLite error code', /SQLITE_[A-Z_]+/, true],
  ['an SQLite error', /SqliteError|sqlite3?_|no such (?:table|column)|constraint failed|database (?:is locked|disk image)/i, false],
  [
    'SQL',
    /\b(?:select\s+[\w*"`.,\s]+\s+from\s+\w|insert\s+into\s+["`\w]|update\s+["`\w]+\s+set\s|delete\s+from\s+["`\w]|create\s+(?:table|index)\s|pragma\s+\w+|kysely_migration)/i,
    false,
  ],
];

const equals = (expected: string) => (value: string) => value === expected;
/** The security headers every response must carry, with what each value must be. */
const REQUIRED_HEADERS: Array<[string, (value: string) => boolean]> = [
  [
    'content-security-policy',
    (value) => value.includes("default-src 'self'") && !value.includes('unsafe-inline') && value.includes("frame-ancestors 'none'"),
  ],
  ['x-content-type-options', equals('nosniff')],
  ['x-frame-options', equals('DENY')],
  ['referrer-policy', equals('no-referrer')],
  ['cross-origin-opener-policy', equals('same-origin')],
  ['cross-origin-resource-policy', equals('same-origin')],
];

export const HEADER_KINDS = ['HTML', 'JS', 'JSON', '4xx', '5xx'] as const;
type HeaderKind = (typeof HEADER_KINDS)[number];

/** What an audit found (setup.ts saves one per test file; responses.test.ts adds them up). */
export type AuditSummary = {
  responses: number;
  bodiesScanned: number;
  /** The first 10 leaks, and how many there were. */
  leaks: string[];
  leakCount: number;
  headerCounts: Record<HeaderKind, number>;
  /** The first 10 responses without the security headers, and how many there were. */
  missingHeaders: string[];
  missingHeaderCount: number;
};

export function addSummaries(summaries: AuditSummary[]): AuditSummary {
  const total: AuditSummary = {
    responses: 0,
    bodiesScanned: 0,
    leaks: [],
    leakCount: 0,
    headerCounts: { HTML: 0, JS: 0, JSON: 0, '4xx': 0, '5xx': 0 },
    missingHeaders: [],
    missingHeaderCount: 0,
  };
  for (const summary of summaries) {
    total.responses += summary.responses;
    total.bodiesScanned += summary.bodiesScanned;
    total.leaks.push(...summary.leaks);
    total.leakCount += summary.leakCount;
    for (const kind of HEADER_KINDS) total.headerCounts[kind] += summary.headerCounts[kind];
    total.missingHeaders.push(...summary.missingHeaders);
    total.missingHeaderCount += summary.missingHeaderCount;
  }
  return total;
}

function headerValue(headers: Exchange['headers'], name: string): string | undefined {
  const value = headers[name];
  return value === undefined ? undefined : [value].flat().join(', ');
}

/** Every string (and key) in a JSON value. */
function collectStrings(value: unknown, into: string[]): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      collectStrings(item, into);
    }
  }
  return into;
}

/** The text itself and, when it is JSON (Fastify's parser drops a leading byte-order mark), every string in it. */
function stringsOf(text: string | undefined, withText = true): string[] {
  if (!text) return [];
  try {
    return collectStrings(JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text), withText ? [text] : []);
  } catch {
    return [text];
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export class ResponseAudit {
  responses = 0;
  bodiesScanned = 0;
  readonly leaks: string[] = [];
  leakCount = 0;
  readonly headerCounts: Record<HeaderKind, number> = { HTML: 0, JS: 0, JSON: 0, '4xx': 0, '5xx': 0 };
  readonly missingHeaders: string[] = [];
  missingHeaderCount = 0;
  /** Strings some request carried that look like a leak themselves (the fuzzer's SQL): read back later, they are the caller's data. */
  readonly #sentEarlier = new Set<string>();

  record(exchange: Exchange): void {
    this.responses += 1;
    this.#checkHeaders(exchange);
    this.#checkLeaks(exchange);
  }

  summary(): AuditSummary {
    const { responses, bodiesScanned, leaks, leakCount, headerCounts, missingHeaders, missingHeaderCount } = this;
    return { responses, bodiesScanned, leaks, leakCount, headerCounts, missingHeaders, missingHeaderCount };
  }

  /** `app.inject`, recorded like a response over HTTP. */
  async inject(app: App, source: string, request: HttpRequest): Promise<HttpResponse> {
    const started = performance.now();
    const { method, path, headers, body } = request;
    const abort = new AbortController();
    const injected = await app.inject({
      method: method as 'GET',
      url: path,
      headers,
      ...(body === undefined ? {} : { payload: body }),
      payloadAsStream: true,
      signal: abort.signal,
    });
    const payload = injected.stream();
    payload.on('error', () => {});
    // An event stream (GET /api/events) never ends by itself: its first event is the response's body. HEAD's has none.
    const streaming = method !== 'HEAD' && String(injected.headers['content-type'] ?? '').startsWith('text/event-stream');
    const text = streaming ? String((await once(payload, 'data'))[0]) : await readText(payload);
    if (streaming) abort.abort();
    const response = { status: injected.statusCode, headers: injected.headers as IncomingHttpHeaders, body: text };
    this.record({ source, method, url: path, requestBody: body, ...response });
    return { ...response, ms: performance.now() - started };
  }

  #checkHeaders(exchange: Exchange): void {
    const missing = REQUIRED_HEADERS.filter(([name, ok]) => {
      const value = headerValue(exchange.headers, name);
      return value === undefined || !ok(value);
    }).map(([name]) => name);
    if (missing.length > 0 && ++this.missingHeaderCount <= 10) {
      const line = `${exchange.method} ${exchange.url.slice(0, 80)} → ${exchange.status}`;
      this.missingHeaders.push(`${exchange.source}: ${line} lacks ${missing.join(', ')}`);
    }
    const type = headerValue(exchange.headers, 'content-type') ?? '';
    if (type.startsWith('text/html')) this.headerCounts.HTML += 1;
    if (type.includes('javascript')) this.headerCounts.JS += 1;
    if (type.startsWith('application/json')) this.headerCounts.JSON += 1;
    if (exchange.status >= 400 && exchange.status < 500) this.headerCounts['4xx'] += 1;
    if (exchange.status >= 500) this.headerCounts['5xx'] += 1;
  }

  #remember(sent: string[]): void {
    for (const value of sent) {
      if (this.#sentEarlier.size >= 100_000) return;
      if (value.length <= 1000 && LEAK_PATTERNS.some(([, pattern]) => pattern.test(value))) {
        this.#sentEarlier.add(value);
        this.#sentEarlier.add(value.trim());
      }
    }
  }

  #checkLeaks(exchange: Exchange): void {
    if (!exchange.body) return;
    this.bodiesScanned += 1;
    const problems: string[] = [];
    const json = (headerValue(exchange.headers, 'content-type') ?? '').startsWith('application/json');
    if (exchange.status >= 400) {
      // An error is { message } (and requestId on a 5xx), and only that; a 412 exactly the contract's body.
      try {
        const parsed: unknown = JSON.parse(exchange.body);
        if (exchange.status === 412) {
          if (!STRICT_412.safeParse(parsed).success) problems.push('a 412 body that is not the contract’s');
        } else if (!(exchange.url.split('?')[0] === '/healthz' && JSON.stringify(parsed) === '{"status":"unavailable"}')) {
          // (GET /healthz's 503 is its documented body, for monitors.)
          const keys = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.keys(parsed) : ['(not an object)'];
          if (!keys.includes('message') || keys.some((key) => key !== 'message' && key !== 'requestId'))
            problems.push(`an error body with ${keys.join(', ')}`);
        }
      } catch {
        problems.push('an error body that is not JSON');
      }
    }
    // What the request carried, also as the server stores text: trimmed.
    const own = [...stringsOf(exchange.requestBody), safeDecode(exchange.url), exchange.url]
      .flatMap((value) => [value, value.trim()])
      .filter((value) => value.length > 0);
    this.#remember(own);
    own.sort((a, b) => b.length - a.length);
    const text = json
      ? stringsOf(exchange.body, false)
          .filter((value) => !this.#sentEarlier.has(value))
          .map((value) => own.reduce((rest, mine) => rest.split(mine).join(' '), value))
          .join('\n')
      : exchange.body;
    for (const [what, pattern, inCode] of LEAK_PATTERNS) {
      // A built JS bundle or HTML page is the SPA's own code: only some patterns are a leak there.
      const match = json || inCode ? pattern.exec(text) : null;
      if (match) problems.push(`${what} (${JSON.stringify(match[0].slice(0, 40))})`);
    }
    if (problems.length > 0 && ++this.leakCount <= 10) {
      this.leaks.push(
        `${exchange.source}: ${exchange.method} ${exchange.url.slice(0, 60)} → ${exchange.status}: ${problems.join('; ')}: ${exchange.body.slice(0, 160)}`,
      );
    }
  }
}
