/**
 * The API contract, in one place. The SPA's fetchers parse what the
 * server returns with these schemas, the msw handlers respond with them, and the server
 * validates what it accepts with them: a change to the contract is one edit here.
 */
import { z } from 'zod';
import { NO_STORE, type Answered } from './http.ts';
import { clientNotFound } from './if-match.ts';

/** Longest name or email the salon stores; enough for any real one, small enough to bound rows. */
const MAX_TEXT_LENGTH = 200;

/** "X is required" when the field is missing, "X must be text" when it is something else. */
const textError = (field: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${field} is required` : `${field} must be text`;

/**
 * A lone UTF-16 surrogate (half of an emoji, say) cannot be stored as UTF-8: SQLite would keep
 * U+FFFD instead, so the value read back would not be the one accepted. Such text is refused.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Characters that make a list, the edit form or an exported file show something other than
 * what is stored: C0 controls (NUL, tab, newline inside the value; the edges are trimmed),
 * DEL, C1 controls, the line and paragraph separators (U+2028, U+2029: a line break like
 * newline, in a one-line field) and the bidirectional embeddings, overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069: "\u202Egnp.exe" shows as "exe.png"). Right-to-left text and
 * the marks names need (combining accents, LRM/RLM, ZWJ in emoji) are ordinary text.
 */
const DISPLAY_CONTROL = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

const requiredText = (field: string) =>
  z
    .string({ error: textError(field) })
    .trim()
    .min(1, `${field} is required`)
    .max(MAX_TEXT_LENGTH, `${field} must be at most ${MAX_TEXT_LENGTH} characters`)
    .refine((value) => !LONE_SURROGATE.test(value), `${field} contains an invalid character`)
    .refine((value) => !DISPLAY_CONTROL.test(value), `${field} must not contain control characters or text-direction overrides`);

/**
 * A `datetime-local` value (`2024-05-01T10:30`, seconds optional) or a full ISO date-time
 * with a zone. A value without a zone is taken as UTC, so that what staff type is what the
 * list and the edit form (both UTC) show back.
 */
const DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?$/;

/** The stored form of a registration date-time: ISO 8601 in UTC, or null when not a real date-time. */
export function normalizeDateTime(value: string): string | null {
  const match = DATE_TIME_PATTERN.exec(value);
  if (!match) return null;
  const [, year = '', month = '', day = '', hour = '', minute = '', second = '00', fraction = '0', zone = 'Z'] = match;
  if (!isRealDateTime(Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second))) return null;
  const millis = fraction.slice(0, 3).padEnd(3, '0');
  // Already in UTC: the stored form is the text itself (an import previews 10,000 of these; Date's parse and
  // toISOString cost most of this function's time, and give the same text).
  if (zone === 'Z') return `${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}Z`;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}${zone}`);
  if (Number.isNaN(date.getTime())) return null;
  // 9999-12-31T23:30-01:00 is in the year 10000 in UTC: no ISO date-time has that form (+010000-…).
  const iso = date.toISOString();
  return /^\d{4}-/.test(iso) ? iso : null;
}

/**
 * Whether the fields name a date and time that exist: no 2024-02-30 or 24:00 (which Date would roll over), and no
 * year before 100, which Date.UTC reads as 19xx and which this function has always refused.
 */
function isRealDateTime(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return year >= 100 && month >= 1 && month <= 12 && day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 59;
}

const registrationDateTime = z
  .string({ error: textError('Registration date and time') })
  .trim()
  .min(1, 'Registration date and time is required')
  .transform((value, ctx) => {
    const normalized = normalizeDateTime(value);
    if (normalized === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'Registration date and time must be a valid date-time, like 2024-05-01T10:30',
      });
      return z.NEVER;
    }
    return normalized;
  })
  // For the OpenAPI document: JSON Schema's `date-time` format needs seconds and a zone, and would refuse the
  // datetime-local value the register form sends (SPEC.md section 7), so the form is said by its pattern.
  .meta({
    pattern: DATE_TIME_PATTERN.source,
    description: 'A datetime-local value (`2024-05-01T10:30`, seconds optional), taken as UTC, or an ISO 8601 date-time with a zone.',
    examples: ['2024-05-01T10:30', '2024-05-01T10:30:00.000Z'],
  });

/** What staff send to register or update a client (the POST and PUT bodies). */
export const ClientInput = z.strictObject({
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  // WHATWG HTML's "valid email address", the rule of the form's <input type="email"> (zod
  // ships the spec's regex): the browser, msw and the server accept the same addresses.
  email: requiredText('Email')
    .pipe(z.email({ pattern: z.regexes.html5Email, error: 'Email must be a valid email address' }))
    .meta({ format: 'email' }),
  registrationDateTime,
});
/** The body as the SPA sends it, before the server normalises it. */
export type ClientInputBody = z.input<typeof ClientInput>;
/** The body as it is stored, after trimming and date-time normalisation. */
export type ClientInput = z.output<typeof ClientInput>;

/** Client ids are opaque strings: the SPA never looks inside one. */
export const ClientId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Client id is malformed');

/** A path's client id: any id that cannot be one gets the same response, whatever is wrong with it. */
export const ClientIdParams = z.object({
  clientId: z.string().refine((value) => ClientId.safeParse(value).success, 'Client id is malformed'),
});

/** A client as the server returns it. */
export const Client = z.object({
  _id: ClientId,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  registrationDateTime: z.iso.datetime({ offset: true }),
});
export type Client = z.infer<typeof Client>;

export const ClientList = z.array(Client);

/**
 * Staff working together (beyond the spec). Every write of a client appends one change to a
 * log; its version counts them, and GET /api/clients/:id sends it as a strong ETag (`"v3"`)
 * that PUT and DELETE may send back as If-Match (412 when the client changed since).
 */
export const ClientVersion = z.number().int().positive();

/** What a change did to the client. */
/** `merged`: two clients made one (the kept one's values, the other leaving the list); `unmerged`: a merge taken back. */
export const ChangeKind = z.enum(['registered', 'updated', 'deleted', 'restored', 'erased', 'imported', 'merged', 'unmerged']);
export type ChangeKind = z.infer<typeof ChangeKind>;

/** The stored fields, as a change records them before and after. */
export const ClientFields = Client.omit({ _id: true });
export type ClientFields = z.infer<typeof ClientFields>;

/** A client's stored fields, and nothing else it carries (an id, a version). */
export function fieldsOf({ firstName, lastName, email, registrationDateTime }: ClientFields): ClientFields {
  return { firstName, lastName, email, registrationDateTime };
}

/** One entry of the change log: who did what to which client, when, and the fields before and after. */
export const ClientChange = z.object({
  seq: z.number().int().positive(),
  clientId: ClientId,
  version: ClientVersion,
  kind: ChangeKind,
  /** The staff account's username ("unknown" for clients registered before the log existed). */
  by: z.string(),
  at: z.iso.datetime({ offset: true }),
  /** Null for a registration, and always for an erasure (nothing personal is kept). */
  before: ClientFields.nullable(),
  /** Null for a deletion and an erasure. */
  after: ClientFields.nullable(),
});
export type ClientChange = z.infer<typeof ClientChange>;

/** GET /api/clients/:id/history: newest first. */
export const ClientHistory = z.array(ClientChange);

/** A client in "Recently deleted" (GET /api/deleted-clients, newest deletion first). */
export const DeletedClient = Client.extend({
  deletedAt: z.iso.datetime({ offset: true }),
  deletedBy: z.string(),
});
export type DeletedClient = z.infer<typeof DeletedClient>;
export const DeletedClientList = z.array(DeletedClient);

/** 412 Precondition Failed: the client as it is now, and the change that made it so. */
export const PreconditionFailedBody = z.object({
  message: z.string(),
  current: z.object({
    /** Null when the client was deleted or erased. */
    client: Client.nullable(),
    version: ClientVersion,
    kind: ChangeKind,
    changedBy: z.string(),
    changedAt: z.iso.datetime({ offset: true }),
  }),
});
export type PreconditionFailedBody = z.infer<typeof PreconditionFailedBody>;

/**
 * GET /api/events (Server-Sent Events): each change of the log as one `change` event, its `id:` the entry's `seq`.
 * The client as the change left it; null for a deletion or an erasure.
 */
export const ClientEvent = ClientChange.pick({ seq: true, clientId: true, version: true, kind: true, by: true, at: true }).extend({
  client: Client.nullable(),
});
export type ClientEvent = z.infer<typeof ClientEvent>;

/**
 * The stream's other events. `ready` opens every stream: the log's newest `seq`, from which it goes on (after what a
 * `Last-Event-ID` asked for was replayed). `reset` replaces the replay when the log cannot give it (purged past it,
 * or too far behind): what the screen holds may be stale, and it refetches.
 */
export const StreamPosition = z.object({ seq: z.number().int().nonnegative() });
export type StreamPosition = z.infer<typeof StreamPosition>;

/**
 * `batch`: the entries of one import (or of its undo), written in one transaction, sent as one event rather than one
 * `change` each (issue 29: one refresh, not 10,000 events), live and in a replay alike. Its `id:` and `seq` are the
 * batch's last entry; `count` how many entries it stands for. The screen refetches, as after `reset`.
 */
export const StreamBatch = z.object({ seq: z.number().int().positive(), count: z.number().int().positive() });
export type StreamBatch = z.infer<typeof StreamBatch>;

/** POST /api/clients/:id/erase's answer, once the client is erased (`erased`) or found to be no client: 204 and its entry, or 404. */
export const erasedAnswer = (clientId: string, erased: boolean, actor: string): Answered<ApiErrorBody | undefined> =>
  erased ? { status: 204, body: undefined, audit: [{ kind: 'client-erased', actor, subject: clientId }] } : clientNotFound();

/** GET /api/clients-export's answer: the whole list (`body`, as the side holds it) of `count` clients, and who took it. */
export const clientsExportAnswer = <B>(body: B, count: number, actor: string): Answered<B> => ({
  status: 200,
  body,
  headers: NO_STORE,
  audit: [{ kind: 'clients-exported', actor, detail: String(count) }],
});

/** GET /api/clients/:id/history's answer: the changes (as the side holds them), or 404 when there is no such client. */
export const historyAnswer = <B>(history: B | undefined): Answered<B | ApiErrorBody> =>
  history === undefined ? clientNotFound() : { status: 200, body: history };

/** The login request. */
export const LoginRequest = z.strictObject({
  username: z
    .string({ error: textError('Username') })
    .min(1, 'Username is required')
    .max(MAX_TEXT_LENGTH),
  password: z
    .string({ error: textError('Password') })
    .min(1, 'Password is required')
    .max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Every error response of the API: a short message naming the problem, nothing internal. */
export const ApiErrorBody = z.object({
  message: z.string(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** The first validation problem of a zod error, as one short sentence for an error response. */
export function describeValidationError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request body';
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`;
  return issue.message;
}
