/**
 * Registrations sent again (beyond the spec): `POST /api/clients` honours an `Idempotency-Key` header (the IETF
 * draft of that name, draft-ietf-httpapi-idempotency-key-header). The same key from the same staff account within
 * 24 hours answers the first registration again (201, the client as it was registered) and registers nothing; with
 * another body it is refused (422). One reading for the server, the mock and the SPA.
 */
import type { ApiErrorBody, Client, ClientFields } from './api.ts';
import { headerValue, refusal, type Answered } from './http.ts';
import { versionEtag, type VersionedClient } from './if-match.ts';
import { apiPaths } from './paths.ts';
import { DAY_MS } from './time-windows.ts';

/** How long a key is remembered. */
export const IDEMPOTENCY_KEY_TTL_MS = DAY_MS;

/** The oldest moment (ISO) a key sent then still holds at `now`: keys sent before it are forgotten. */
export function idempotencyKeysSince(now: Date | number): string {
  return new Date((typeof now === 'number' ? now : now.getTime()) - IDEMPOTENCY_KEY_TTL_MS).toISOString();
}

const malformedIdempotencyKeyMessage = 'Idempotency-Key must be a string of 1 to 255 visible characters';
const idempotencyKeyReusedMessage = 'This Idempotency-Key was sent before with another client';
const registrationErasedMessage = 'This client was registered with this Idempotency-Key and has since been erased';

/**
 * The key a header names: a structured-field string (`"…"`, as the draft writes it) or the bare characters; undefined
 * without the header, null when it is not one.
 */
function parseIdempotencyKey(header: string | null | undefined): string | undefined | null {
  if (header === undefined || header === null) return undefined;
  const trimmed = header.trim();
  const key = /^"(.*)"$/.exec(trimmed)?.[1] ?? trimmed;
  return /^[\x21-\x7e]{1,255}$/.test(key) && !key.includes('"') ? key : null;
}

/** What a registration with a key did: registered now, the earlier one answered again, or refused. */
export type RegistrationOutcome<T> =
  { status: 'registered'; value: T } | { status: 'replayed'; value: T } | { status: 'key-reused' } | { status: 'erased' };

/**
 * A key seen before: the first registration again when the body is the same client, else why not. `registered` is
 * the fields of the client's "registered" log entry, undefined when the client was since erased.
 */
export function replayOf(
  clientId: string,
  registered: ClientFields | null | undefined,
  sent: ClientFields,
): RegistrationOutcome<{ client: Client; version: 1 }> {
  if (!registered) return { status: 'erased' };
  const same = (Object.keys(sent) as Array<keyof ClientFields>).every((field) => registered[field] === sent[field]);
  return same ? { status: 'replayed', value: { client: { _id: clientId, ...registered }, version: 1 } } : { status: 'key-reused' };
}

/**
 * A request's Idempotency-Key: the key, undefined without the header, or the 400 for one that is not a key (a repeated
 * header is one joined value, which is none).
 */
export function idempotencyKeyOf(header: string | readonly string[] | null | undefined): string | undefined | Answered<ApiErrorBody> {
  const key = parseIdempotencyKey(headerValue(header));
  return key === null ? refusal(400, malformedIdempotencyKeyMessage) : key;
}

/**
 * POST /api/clients's answer: 201 with the client, its ETag and where it is (RFC 9110 section 15.3.2: a 201 names the
 * resource it created); 422 for a key sent before with another client, 409 once that client was erased.
 */
export function registrationAnswer(outcome: RegistrationOutcome<VersionedClient>): Answered<Client | ApiErrorBody> {
  if (outcome.status === 'key-reused') return refusal(422, idempotencyKeyReusedMessage);
  if (outcome.status === 'erased') return refusal(409, registrationErasedMessage);
  const { client, version } = outcome.value;
  return { status: 201, body: client, headers: { ETag: versionEtag(version), Location: apiPaths.client(client._id) } };
}
