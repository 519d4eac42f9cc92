/**
 * Versions on the wire (beyond the spec): a client's strong ETag is `"v<version>"`, and PUT and DELETE honour
 * If-Match (RFC 9110 section 13.1.1): `*`, or a list of entity tags compared strongly (a weak tag never matches).
 * One reading for the server, the mock and the SPA.
 */
import type { ApiErrorBody, ChangeKind, Client, PreconditionFailedBody } from './api.ts';
import { headerValue, refusal, type Answer, type Answered } from './http.ts';

/** The condition an If-Match header sets: none, `*`, or the versions its strong tags name. */
export type IfMatch = '*' | readonly number[] | undefined;

/** The 404 of a client's endpoints. */
export const clientNotFoundMessage = 'Client not found';

/** The 412 body's message, and the 400's for an If-Match that is not one. */
export const changedSinceMessage = 'The client was changed since you read it';
const malformedIfMatchMessage = 'If-Match must be "*" or a list of entity tags, like "v3"';

/** A client's strong validator, as sent in ETag. */
export function versionEtag(version: number): string {
  return `"v${version}"`;
}

/** The version an ETag names, or null when it is missing, weak or not one of ours. */
export function versionOfEtag(etag: string | null | undefined): number | null {
  const match = /^"v([1-9][0-9]{0,14})"$/.exec(etag?.trim() ?? '');
  return match ? Number(match[1]) : null;
}

/** entity-tag = [ W/ ] DQUOTE *etagc DQUOTE, in a comma-separated list (empty elements allowed). */
const LIST_ELEMENT = /^\s*(?:(W\/)?"([\x21\x23-\x7e\x80-\xff]*)")?\s*(?:,|$)/;

/**
 * The versions an entity-tag list names, `*`, or null when it is malformed; weak tags count only when `weak` (If-None-Match
 * compares weakly, If-Match strongly).
 */
function parseTagList(header: string | null | undefined, weak: boolean): IfMatch | null {
  if (header === undefined || header === null) return undefined;
  if (header.trim() === '*') return '*';
  const versions: number[] = [];
  let rest = header;
  let tags = 0;
  while (rest.trim() !== '') {
    const element = LIST_ELEMENT.exec(rest);
    if (!element || element[0] === '') return null;
    if (element[2] !== undefined) {
      tags += 1;
      const version = versionOfEtag(`"${element[2]}"`);
      if ((weak || !element[1]) && version !== null) versions.push(version);
    }
    rest = rest.slice(element[0].length);
  }
  return tags > 0 ? versions : null;
}

/** The condition an If-Match header sets; null when it is malformed. */
export const parseIfMatch = (header: string | null | undefined): IfMatch | null => parseTagList(header, false);

/** What a conditional write did: written, no such client, or refused because the client changed since (412). */
export type WriteOutcome<T> =
  { status: 'written'; value: T } | { status: 'not-found' } | { status: 'stale'; current: PreconditionFailedBody['current'] };

/** A client with its version: what GET, POST, PUT and restore answer with an ETag. */
export type VersionedClient = { client: Client; version: number };

/**
 * If-None-Match (RFC 9110 section 13.1.2): `*`, or a list of entity tags compared weakly (`W/"v3"` names version 3
 * as `"v3"` does). GET answers 304 when it matches, PUT and DELETE 412: the write happens only when the client is in
 * none of the versions named (with `*`, only when there is no such client).
 */
export type IfNoneMatch = '*' | readonly number[] | undefined;

/** The 412 body's message when If-None-Match stopped a write, and the 400's for an If-None-Match that is not one. */
export const matchesIfNoneMatchMessage = 'The client is in a version If-None-Match names';
const malformedIfNoneMatchMessage = 'If-None-Match must be "*" or a list of entity tags, like "v3"';

/** The condition an If-None-Match header sets; null when it is malformed. */
const parseIfNoneMatch = (header: string | null | undefined): IfNoneMatch | null => parseTagList(header, true);

/** A request's If-Match and If-None-Match (a repeated header joined), or the 400 for the first that is malformed. */
export function parseConditions(
  ifMatchHeader: string | readonly string[] | null | undefined,
  ifNoneMatchHeader: string | readonly string[] | null | undefined,
): Conditions | Answered<ApiErrorBody> {
  const ifMatch = parseIfMatch(headerValue(ifMatchHeader));
  if (ifMatch === null) return refusal(400, malformedIfMatchMessage);
  const ifNoneMatch = parseIfNoneMatch(headerValue(ifNoneMatchHeader));
  if (ifNoneMatch === null) return refusal(400, malformedIfNoneMatchMessage);
  return { ifMatch, ifNoneMatch };
}

/** Why a write did not happen: no such client, or it changed since (412). */
export type Unwritten = Exclude<WriteOutcome<never>, { status: 'written' }>;

/** A write's conditions, as If-Match and If-None-Match set them. */
export type Conditions = { ifMatch: IfMatch; ifNoneMatch: IfNoneMatch };

/**
 * Why a conditional write wrote nothing, from the client's latest log entry (undefined: there never was such a client)
 * and its live values (null: deleted or erased). Without a condition a missing client is simply not found; with
 * If-Match, the 412 says what happened to it; with If-None-Match alone, only a live client refuses (412).
 */
export function unwrittenOutcome(
  { ifMatch, ifNoneMatch }: Conditions,
  latest: { version: number; kind: ChangeKind; by: string; at: string } | undefined,
  live: Client | null,
): Unwritten {
  if (!latest || (ifMatch === undefined && (ifNoneMatch === undefined || live === null))) return { status: 'not-found' };
  return {
    status: 'stale',
    current: { client: live, version: latest.version, kind: latest.kind, changedBy: latest.by, changedAt: latest.at },
  };
}

/** The answer to a write that did not happen: 404, or 412 with the client as it is now and the condition that failed. */
export function unwrittenAnswer(outcome: Unwritten, ifMatch: IfMatch): Answer<404 | 412, ApiErrorBody | PreconditionFailedBody> {
  if (outcome.status === 'not-found') return { status: 404, body: { message: clientNotFoundMessage } };
  return { status: 412, body: preconditionFailed(outcome.current, ifMatch) };
}

/** The 404 of a client's endpoints. */
export const clientNotFound = (): Answered<ApiErrorBody> => refusal(404, clientNotFoundMessage);

/** A client's answer with its ETag: GET, PUT and restore. */
const withEtag = <B>(body: B, version: number): Answered<B> => ({ status: 200, body, headers: { ETag: versionEtag(version) } });

/**
 * GET /api/clients/:id's answer (RFC 9110 section 13.2.2): 404, then 412 when If-Match names another version, then 304
 * when If-None-Match names this one; the client (`body`, as the side holds it) with its ETag.
 */
export function readAnswer<B>(
  found: { body: B; version: number } | undefined,
  { ifMatch, ifNoneMatch }: Conditions,
): Answered<B | ApiErrorBody | undefined> {
  if (!found) return clientNotFound();
  if (!meetsIfMatch(ifMatch, found.version)) return refusal(412, changedSinceMessage);
  if (namedByIfNoneMatch(ifNoneMatch, found.version))
    return { status: 304, body: undefined, headers: { ETag: versionEtag(found.version) } };
  return withEtag(found.body, found.version);
}

/** PUT /api/clients/:id's answer: the client with its new ETag, or why it was not written. */
export function writtenAnswer(
  outcome: WriteOutcome<VersionedClient>,
  ifMatch: IfMatch,
): Answered<Client | ApiErrorBody | PreconditionFailedBody> {
  return outcome.status === 'written' ? withEtag(outcome.value.client, outcome.value.version) : unwrittenAnswer(outcome, ifMatch);
}

/** DELETE /api/clients/:id's answer: 204, or why it was not deleted. */
export function deletedAnswer(
  outcome: WriteOutcome<unknown>,
  ifMatch: IfMatch,
): Answered<ApiErrorBody | PreconditionFailedBody | undefined> {
  return outcome.status === 'written' ? { status: 204, body: undefined } : unwrittenAnswer(outcome, ifMatch);
}

/** POST /api/clients/:id/restore's answer: the client back with its ETag, or 404 when no such client is deleted. */
export const restoredAnswer = (restored: VersionedClient | undefined): Answered<Client | ApiErrorBody> =>
  restored ? withEtag(restored.client, restored.version) : clientNotFound();

/** The 412's body for a write that did not happen: the client as it is now, and the condition that failed (If-Match first). */
function preconditionFailed(current: PreconditionFailedBody['current'], ifMatch: IfMatch): PreconditionFailedBody {
  const ifNoneMatchFailed = meetsIfMatch(ifMatch, current.version) && current.client !== null;
  return { message: ifNoneMatchFailed ? matchesIfNoneMatchMessage : changedSinceMessage, current };
}

/** Whether a client at `version` meets a condition (If-Match: `*` or a named version; If-None-Match: the opposite). */
function meetsIfMatch(condition: IfMatch, version: number): boolean {
  return condition === undefined || condition === '*' || condition.includes(version);
}
function namedByIfNoneMatch(condition: IfNoneMatch, version: number): boolean {
  return condition === '*' || (condition !== undefined && condition.includes(version));
}

/** The list's 412, for an If-Match that names another version of it. */
const listChangedMessage = 'The client list changed since you read it';

/**
 * Whether an If-None-Match header matches `etag` (weak comparison, RFC 9110 section 13.1.2),
 * in any of its content codings: a browser that holds the brotli form holds the same list.
 */
export function matchesListIfNoneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some(
    (candidate) =>
      candidate
        .trim()
        .replace(/^W\//, '')
        .replace(/-(?:br|gzip)"$/, '"') === etag,
  );
}

/**
 * Whether an If-Match header holds for the list whose ETag is `etag` (RFC 9110 section 13.1.1): `*` (the list always
 * exists), or a strong tag of this version of the list, in any of its content codings (the same list). A weak tag
 * never matches.
 */
function meetsListIfMatch(header: string | null | undefined, etag: string): boolean {
  if (header === undefined || header === null) return true;
  if (header.trim() === '*') return true;
  const identity = etag.replace(/-(?:br|gzip)"$/, '"');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return !tag.startsWith('W/') && tag.replace(/-(?:br|gzip)"$/, '"') === identity;
  });
}

/**
 * GET /api/clients's answer but the list itself: 412 when If-Match names another version of the list (RFC 9110
 * section 13.2.2: If-Match first), else 304 when the request's If-None-Match names it (`notModified`), else 200; with
 * its ETag, and kept by the browser only if it asks each time (an unchanged list costs a 304).
 */
export function listAnswer(
  ifMatchHeader: string | null | undefined,
  etag: string,
  notModified: boolean,
): Answered<ApiErrorBody | undefined> {
  if (!meetsListIfMatch(ifMatchHeader, etag)) return refusal(412, listChangedMessage);
  return { status: notModified ? 304 : 200, body: undefined, headers: { ETag: etag, 'Cache-Control': 'private, no-cache' } };
}
