/**
 * Hostile input for the fuzz checks (fast-check arbitraries), and an independent model of what
 * the server must do with it: which bodies it accepts, and what it must then store (text
 * trimmed, the registration date-time as ISO 8601 UTC). The model is written from the API's
 * rules (docs/server.md), not by calling the contract's code, except for the email syntax (WHATWG's, the regex zod ships).
 */
import fc from 'fast-check';
import { z } from 'zod';

const SQL_INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE clients; --",
  '" OR ""="',
  '1; DELETE FROM staff',
  "Robert'); DROP TABLE clients;--",
  "' UNION SELECT password_hash FROM staff --",
  "%' AND 1=1 --",
  "'||(SELECT token_hash FROM sessions)||'",
  "\\'; SELECT sqlite_version(); --",
  '1) OR (1=1',
  "admin'--",
];

const HTML_INJECTIONS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg/onload=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '<!--',
  ']]>',
  '&lt;b&gt;',
  '</script><script>alert(document.cookie)</script>',
];

const UNICODE = [
  '😀',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  '\u202Egnp.exe',
  '\u200F',
  '\u200E',
  '\u061C',
  'שלום',
  'مرحبا',
  'e\u0301',
  'Z̷̢͈a̴l̸g̵o',
  '\u0000',
  '\u2028\u2029',
  'ﷺ',
  '𝕳𝖊𝖑𝖑𝖔',
  'Ω≈ç√∫',
  'İıŞ',
  '\u200B',
  '\uFFFD',
  '\u{10FFFF}',
];

const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a\uD83D', '\uDE00b'];

/** Whitespace that String.prototype.trim removes. */
const whitespace = fc.string({
  unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00A0', '\u2003', '\u3000', '\uFEFF', '\u2028'),
  maxLength: 4,
});
const padded = (inner: fc.Arbitrary<string>) =>
  fc.tuple(whitespace, inner, whitespace).map(([before, value, after]) => before + value + after);

const word = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
  fc.constantFrom(...SQL_INJECTIONS, ...HTML_INJECTIONS, ...UNICODE, 'Amelia', 'Hart', "O'Brien", 'Zoë'),
);

/** Names and any other text field: mostly plausible, often hostile, sometimes at or over the limits. */
export const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.array(word, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' ')) },
  { weight: 3, arbitrary: padded(word) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.string({ unit: 'grapheme', maxLength: 5 }),
        fc.constantFrom(...LONE_SURROGATES),
        fc.string({ unit: 'grapheme', maxLength: 5 }),
      )
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.integer({ min: 195, max: 205 }).map((length) => 'x'.repeat(length)) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 95, max: 105 }), fc.constantFrom('😀', 'é', ' a')).map(([count, unit]) => unit.repeat(count)),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 20_000 }).map((length) => 'A'.repeat(length)) },
  { weight: 1, arbitrary: whitespace },
);

const email: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.emailAddress() },
  { weight: 2, arbitrary: padded(fc.emailAddress()) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "o'brien@example.ie",
      '"john doe"@example.com',
      'ü@example.de',
      'a@b',
      '@example.com',
      'a@example.com<script>',
      "' OR 1=1--@example.com",
      'a@[127.0.0.1]',
      'a@xn--bcher-kva.example',
      'a@example.com\u0000',
      'a\uD800@example.com',
      'a@@example.com',
      `${'a'.repeat(190)}@example.com`,
      `${'a'.repeat(64)}@${'b'.repeat(63)}.com`,
    ),
  },
  { weight: 1, arbitrary: text },
);

const two = (value: number) => String(value).padStart(2, '0');

/** Date-times: valid ones in every accepted form, near-misses, years at the edges, and garbage. */
const dateTime: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }), fc.nat(4))
      .map(([date, form]) => {
        const iso = date.toISOString();
        return [iso, iso.slice(0, 16), iso.slice(0, 19), `${iso.slice(0, 19)}+02:00`, `${iso.slice(0, 23)}456789-05:30`][form] as string;
      }),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({
        year: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1, 99, 100, 1970, 9999)),
        month: fc.integer({ min: 0, max: 13 }),
        day: fc.integer({ min: 0, max: 32 }),
        hour: fc.integer({ min: 0, max: 24 }),
        minute: fc.integer({ min: 0, max: 60 }),
        second: fc.option(fc.integer({ min: 0, max: 60 })),
        fraction: fc.option(fc.stringMatching(/^\d{1,9}$/)),
        zone: fc.oneof(
          fc.constant(''),
          fc.constant('Z'),
          fc
            .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }))
            .map(([sign, h, m]) => `${sign}${two(h)}:${two(m)}`),
        ),
      })
      .map(({ year, month, day, hour, minute, second, fraction, zone }) => {
        let value = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}`;
        if (second !== null) value += `:${two(second)}${fraction !== null ? `.${fraction}` : ''}`;
        return value + zone;
      }),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      'yesterday',
      '2024-05-01',
      '10:30',
      '2024-05-01 10:30',
      '2024-05-01T10:30:00.000+0200',
      '2024-W18-3T10:30',
      '２０２４-05-01T10:30',
      ' 2024-05-01T10:30 ',
      '2024-05-01T10:30Z\u0000',
      '9999-12-31T23:59:59-01:00',
      '0000-01-01T00:00+01:00',
      '+010000-01-01T00:00:00.000Z',
      '2024-02-29T24:00',
      '2023-02-29T10:00',
    ),
  },
  { weight: 1, arbitrary: text },
);

const FIELDS = ['firstName', 'lastName', 'email', 'registrationDateTime'] as const;
const HOSTILE_KEYS = [
  '_id',
  'isAdmin',
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'created_at',
  'toString',
  'hasOwnProperty',
  'valueOf',
];

/** A JSON object written by hand, so that keys such as "__proto__" really are in the text. */
function objectText(entries: Array<[string, unknown]>): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;
}

/** Text the server must accept: hostile in content (injection, unicode, padding), within the limits. */
const acceptableText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...SQL_INJECTIONS, ...HTML_INJECTIONS, ...UNICODE.filter((value) => value.trim().length > 0), 'Amelia', "O'Brien", 'Zoë'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  padded(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 })),
);
const acceptableEmail: fc.Arbitrary<string> = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}[a-z0-9]$/),
    fc.constantFrom('example.com', 'salon.example', 'xn--bcher-kva.example', 'mail.co.uk'),
    whitespace,
  )
  .filter(([local]) => !local.includes('..'))
  .map(([local, domain, pad]) => `${pad}${local}@${domain}${pad}`);
const acceptableDateTime: fc.Arbitrary<string> = fc
  .tuple(fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }), fc.nat(3))
  .map(([date, form]) => {
    const iso = date.toISOString();
    return [iso.slice(0, 16), iso, `${iso.slice(0, 19)}-03:00`, iso.slice(0, 19)][form] as string;
  });

/** Each field mostly acceptable, sometimes hostile beyond what may be stored. */
const validish = fc.record({
  firstName: fc.oneof({ weight: 4, arbitrary: acceptableText }, { weight: 1, arbitrary: text }),
  lastName: fc.oneof({ weight: 4, arbitrary: acceptableText }, { weight: 1, arbitrary: text }),
  email: fc.oneof({ weight: 4, arbitrary: acceptableEmail }, { weight: 1, arbitrary: email }),
  registrationDateTime: fc.oneof({ weight: 4, arbitrary: acceptableDateTime }, { weight: 1, arbitrary: dateTime }),
});
const anyValue = fc.oneof(text, fc.jsonValue({ maxDepth: 2 }));
const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant({ isAdmin: true }),
  fc.constant({ prototype: { isAdmin: true } }),
  fc.constant({ __proto__: null, polluted: true }),
);

/** A raw request body for POST or PUT /api/clients (and, reused, for other JSON bodies). */
export const clientPayload: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: validish.map((body) => JSON.stringify(body)) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        validish,
        fc.uniqueArray(fc.constantFrom(...HOSTILE_KEYS), { minLength: 1, maxLength: 3 }),
        fc.array(hostileValue, { minLength: 3, maxLength: 3 }),
      )
      .map(([body, keys, values]) =>
        objectText([...Object.entries(body), ...keys.map((key, index): [string, unknown] => [key, values[index]])]),
      ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '{"constructor":{"prototype":{"isAdmin":true}},"firstName":"A","lastName":"B","email":"a@b.co","registrationDateTime":"2024-05-01T10:30"}',
      '{"__proto__":{"isAdmin":true},"firstName":"A","lastName":"B","email":"a@b.co","registrationDateTime":"2024-05-01T10:30"}',
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ firstName: anyValue, lastName: anyValue, email: anyValue, registrationDateTime: anyValue }, { requiredKeys: [] })
      .map((body) => JSON.stringify(body)),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null') },
  {
    weight: 2,
    arbitrary: fc.oneof(
      validish.chain((body) => fc.nat(JSON.stringify(body).length).map((cut) => JSON.stringify(body).slice(0, cut))),
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        '',
        ' ',
        'null',
        '[]',
        '{}',
        '{,}',
        '{"firstName":',
        'NaN',
        'undefined',
        "{'firstName':'A'}",
        '\uFEFF{}',
        '['.repeat(2000),
        `{"a":${'['.repeat(5000)}`,
      ),
      validish.map((body) => `\uFEFF${JSON.stringify(body)}`),
      validish.map((body) => `${JSON.stringify(body)}garbage`),
      validish.map((body) => JSON.stringify(body).replace('"firstName"', '"firstName":"dup","firstName"')),
    ),
  },
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=UTF-8',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/jsonx',
  '',
];

/** Mostly JSON, sometimes something else, sometimes missing (undefined). */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const isClientIdShape = (decoded: string) => CLIENT_ID.test(decoded);

/** Raw path segments for :clientId: percent tricks, traversal, injection, lengths, look-alikes. */
const ODD_IDS = [
  '%00',
  '-1',
  '0',
  '%20',
  'a%2Fb',
  '..',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '%E0%A4%A',
  '%',
  '%25',
  '%ZZ',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'prototype',
  "1'%20OR%20'1'%3D'1",
  '%27%3B%20DROP%20TABLE%20clients%3B--',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  'a'.repeat(64),
  'a'.repeat(65),
  'a'.repeat(1025),
  'a'.repeat(5000),
  '%F0%9F%98%80',
  '%C3%A9',
  '%ED%A0%80',
  '%uD800',
  '*',
  'a;b',
  'a%3Bb',
  '%0d%0aSet-Cookie:%20x=1',
  'true',
  '1e3',
  '0x10',
];

export const clientIdSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_IDS) },
  { weight: 2, arbitrary: fc.stringMatching(CLIENT_ID) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map((value) => encodeURIComponent(value)) },
);

// ---------------------------------------------------------------------------------------
// The model.

const BODY_LIMIT_BYTES = 16 * 1024;
const MAX_TEXT = 200;
const isEmail = (value: string) => z.regexes.html5Email.test(value);
/** Text that is not well-formed UTF-16 (a lone surrogate) cannot be stored as UTF-8 exactly. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Refused so that a list or an export shows what is stored: C0, DEL, C1, U+2028/U+2029, bidi embeddings, overrides and isolates. */
const hasDisplayControl = (value: string) =>
  [...value].some((char) => {
    const code = char.codePointAt(0) ?? 0;
    return (
      code <= 0x1f ||
      (code >= 0x7f && code <= 0x9f) ||
      (code >= 0x2028 && code <= 0x2029) ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069)
    );
  });

export type ExpectedClient = { firstName: string; lastName: string; email: string; registrationDateTime: string };

type Refusal = { kind: 'refuse'; status: number; why: string };
export type BodyVerdict =
  | { kind: 'accept'; value: ExpectedClient }
  /** The model cannot tell; the server may accept (then storing exactly `value`) or refuse with 400. */
  | { kind: 'either'; value: ExpectedClient }
  | Refusal;

/** The origin app.inject requests are addressed to (Host: localhost:80). */
export const OWN_ORIGIN = 'http://localhost';

/** What is refused before a JSON body is parsed: another origin, another content type, too large. */
export function guardOf(type: string | undefined, raw: string, origin?: string): Refusal | undefined {
  if (origin !== undefined && origin !== OWN_ORIGIN) return { kind: 'refuse', status: 403, why: 'another origin' };
  if (type?.split(';')[0]?.trim().toLowerCase() !== 'application/json') return { kind: 'refuse', status: 415, why: `content type ${type}` };
  if (Buffer.byteLength(raw) > BODY_LIMIT_BYTES) return { kind: 'refuse', status: 413, why: 'too large' };
  return undefined;
}

/** The body as Fastify's JSON parser reads it (a leading byte-order mark dropped), or undefined when it is not JSON. */
export function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw) as unknown;
  } catch {
    return undefined;
  }
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The stored form of a registration date-time, independently of the contract's code. */
function expectedDateTime(raw: string): { iso: string; sure: boolean } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))?$/.exec(raw.trim());
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const millis = Number((match[7] ?? '0').slice(0, 3).padEnd(3, '0'));
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) return null;
  const offsetHours = Number(match[9] ?? 0);
  const offsetMinutes = Number(match[10] ?? 0);
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, second, millis);
  const sign = match[8] === '-' ? -1 : 1;
  const utc = new Date(local.getTime() - sign * (offsetHours * 60 + offsetMinutes) * 60_000);
  const iso = utc.toISOString();
  // The contract's response is an ISO date-time with a four-digit year: a value that falls outside 0000–9999 in UTC cannot be one.
  if (!/^\d{4}-/.test(iso)) return null;
  // Years before 100 are a corner the model leaves open (JavaScript's Date treats them specially).
  return { iso, sure: year >= 100 };
}

function textValue(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  // The limit counts characters (code points), so 200 emoji fit although they are 400 UTF-16 units.
  if (trimmed.length < 1 || [...trimmed].length > MAX_TEXT || LONE_SURROGATE.test(trimmed) || hasDisplayControl(trimmed)) return null;
  return trimmed;
}

/** What the server must do with a client body, from the content type to the stored value. */
export function judgeClientBody(type: string | undefined, raw: string, origin?: string): BodyVerdict {
  const guard = guardOf(type, raw, origin);
  if (guard) return guard;
  const body = parseJson(raw);
  if (body === undefined) return { kind: 'refuse', status: 400, why: 'not JSON' };
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { kind: 'refuse', status: 400, why: 'not an object' };
  const keys = Object.keys(body);
  if (keys.length !== FIELDS.length || !FIELDS.every((field) => keys.includes(field)))
    return { kind: 'refuse', status: 400, why: 'fields' };
  const record = body as Record<string, unknown>;
  const firstName = textValue(record.firstName);
  const lastName = textValue(record.lastName);
  const mail = textValue(record.email);
  if (firstName === null || lastName === null || mail === null) return { kind: 'refuse', status: 400, why: 'text' };
  if (!isEmail(mail)) return { kind: 'refuse', status: 400, why: 'email' };
  if (typeof record.registrationDateTime !== 'string') return { kind: 'refuse', status: 400, why: 'date-time type' };
  const date = expectedDateTime(record.registrationDateTime);
  if (!date) return { kind: 'refuse', status: 400, why: 'date-time' };
  const value = { firstName, lastName, email: mail, registrationDateTime: date.iso };
  return date.sure ? { kind: 'accept', value } : { kind: 'either', value };
}
