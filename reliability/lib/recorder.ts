/**
 * Every answer the suite receives (over HTTP from the real server, or from `app.inject`)
 * passes through here, and two things are checked on the fly, so nothing is kept in memory:
 * - leaks: no body contains a stack trace, SQL, an SQLite error code or a file path, and every
 *   error body is `{ message }` (plus `requestId` on a 5xx), nothing else;
 * - headers: the security headers are on every answer, counted per kind (HTML, JS, JSON, 4xx, 5xx).
 * What the request itself carried (fuzzed SQL echoed back in a stored name, an unknown field
 * named in a 400's message) is removed before the scan: it is the caller's own data.
 */
import type { IncomingHttpHeaders } from 'node:http';

export type Exchange = {
  source: string;
  method: string;
  url: string;
  requestBody?: string;
  status: number;
  headers: IncomingHttpHeaders | Record<string, string | string[] | number | undefined>;
  body: string;
};

const LEAK_PATTERNS: Array<[string, RegExp]> = [
  ['a stack frame', /\bat (?:async )?[\w$.<>[\]]+ \(|\bat (?:file:|node:)|\n\s+at \S/],
  ['a source location', /\.(?:[cm]?js|ts):\d+(?::\d+)?/],
  ['a Node internal', /node:internal|node_modules|dist-server/],
  ['an SQLite error code', /SQLITE_[A-Z_]+/],
  ['an SQLite error', /SqliteError|sqlite3?_|no such (?:table|column)|constraint failed|database (?:is locked|disk image)/i],
  [
    'SQL',
    /\b(?:select\s+[\w*"`.,\s]+\s+from\s+\w|insert\s+into\s+["`\w]|update\s+["`\w]+\s+set\s|delete\s+from\s+["`\w]|create\s+(?:table|index)\s|pragma\s+\w+|kysely_migration)/i,
  ],
];

/** The security headers every answer must carry, with what each value must contain. */
const REQUIRED_HEADERS: Array<[string, (value: string) => boolean]> = [
  [
    'content-security-policy',
    (value) => value.includes("default-src 'self'") && !value.includes('unsafe-inline') && value.includes("frame-ancestors 'none'"),
  ],
  ['x-content-type-options', (value) => value === 'nosniff'],
  ['x-frame-options', (value) => value === 'DENY'],
  ['referrer-policy', (value) => value === 'no-referrer'],
  ['cross-origin-opener-policy', (value) => value === 'same-origin'],
  ['cross-origin-resource-policy', (value) => value === 'same-origin'],
];

export const HEADER_KINDS = ['HTML', 'JS', 'JSON', '4xx', '5xx'] as const;
export type HeaderKind = (typeof HEADER_KINDS)[number];

function headerValue(headers: Exchange['headers'], name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** Every string (and key) in a JSON value, or the text itself when it is not JSON. */
function stringsOf(text: string | undefined): string[] {
  if (!text) return [];
  const found: string[] = [text];
  try {
    // Fastify's JSON parser drops a leading byte-order mark, so the values are those of the rest.
    collectStrings(JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text), found);
  } catch {
    // not JSON: the raw text is all there is
  }
  return found;
}

function collectStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      collectStrings(item, into);
    }
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export class Recorder {
  answers = 0;
  bodiesScanned = 0;
  readonly leaks: string[] = [];
  leakCount = 0;
  readonly headerCounts: Record<HeaderKind, number> = { HTML: 0, JS: 0, JSON: 0, '4xx': 0, '5xx': 0 };
  readonly missingHeaders: string[] = [];
  missingHeaderCount = 0;
  readonly statuses = new Map<number, number>();

  record(exchange: Exchange): void {
    this.answers += 1;
    this.statuses.set(exchange.status, (this.statuses.get(exchange.status) ?? 0) + 1);
    this.#checkHeaders(exchange);
    this.#checkLeaks(exchange);
  }

  #checkHeaders(exchange: Exchange): void {
    const missing = REQUIRED_HEADERS.filter(([name, ok]) => {
      const value = headerValue(exchange.headers, name);
      return value === undefined || !ok(value);
    }).map(([name]) => name);
    if (missing.length > 0) {
      this.missingHeaderCount += 1;
      if (this.missingHeaders.length < 10) {
        this.missingHeaders.push(
          `${exchange.source}: ${exchange.method} ${exchange.url.slice(0, 80)} → ${exchange.status} lacks ${missing.join(', ')}`,
        );
      }
    }
    const type = headerValue(exchange.headers, 'content-type') ?? '';
    if (type.startsWith('text/html')) this.headerCounts.HTML += 1;
    if (type.includes('javascript')) this.headerCounts.JS += 1;
    if (type.startsWith('application/json')) this.headerCounts.JSON += 1;
    if (exchange.status >= 400 && exchange.status < 500) this.headerCounts['4xx'] += 1;
    if (exchange.status >= 500) this.headerCounts['5xx'] += 1;
  }

  /**
   * Strings that some request carried and that look like a leak themselves (the fuzzer's SQL,
   * say): a client stored with such a name and read back later is the caller's data, not a leak.
   */
  readonly #sentEarlier = new Set<string>();

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
    const type = headerValue(exchange.headers, 'content-type') ?? '';
    if (exchange.status >= 400) {
      // An error is { message } (and requestId on a 5xx), and only that.
      try {
        const parsed: unknown = JSON.parse(exchange.body);
        const keys = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.keys(parsed) : ['(not an object)'];
        const extra = keys.filter((key) => key !== 'message' && key !== 'requestId');
        if (extra.length > 0 || !keys.includes('message')) problems.push(`an error body with ${keys.join(', ')}`);
      } catch {
        problems.push('an error body that is not JSON');
      }
    }
    let text: string;
    // What the request carried, also as the server stores text: trimmed.
    const own = [...stringsOf(exchange.requestBody), safeDecode(exchange.url), exchange.url]
      .flatMap((value) => [value, value.trim()])
      .filter((value) => value.length > 0);
    this.#remember(own);
    if (type.startsWith('application/json')) {
      own.sort((a, b) => b.length - a.length);
      const answered: string[] = [];
      try {
        collectStrings(JSON.parse(exchange.body), answered);
      } catch {
        answered.push(exchange.body);
      }
      text = answered
        .filter((value) => !this.#sentEarlier.has(value))
        .map((value) => {
          let rest = value;
          for (const mine of own) if (rest.includes(mine)) rest = rest.split(mine).join(' ');
          return rest;
        })
        .join('\n');
    } else {
      text = exchange.body;
    }
    for (const [what, pattern] of LEAK_PATTERNS) {
      // A built JS bundle or HTML page is the SPA's own code: only an SQLite code or a Node path would be a leak there.
      if (!type.startsWith('application/json') && (what === 'SQL' || what === 'a source location' || what === 'an SQLite error')) continue;
      const match = pattern.exec(text);
      if (match) problems.push(`${what} (${JSON.stringify(match[0].slice(0, 40))})`);
    }
    if (problems.length > 0) {
      this.leakCount += 1;
      if (this.leaks.length < 10) {
        this.leaks.push(
          `${exchange.source}: ${exchange.method} ${exchange.url.slice(0, 60)} → ${exchange.status}: ${problems.join('; ')}: ${exchange.body.slice(0, 160)}`,
        );
      }
    }
  }
}
