/**
 * Possible duplicates and merging them (issue 29), one reading for the SPA, the mock and the server:
 * - GET /api/duplicates: the pairs `duplicatePairs` finds in the list, each client with its version (the merge page
 *   sends both back as its condition).
 * - POST /api/merges: two clients into one. The client registered earlier keeps its id and gets, per field, the value
 *   chosen; the other leaves the list (kept aside, to come back on an undo). 412 when either changed since the versions
 *   sent, with both as they are now.
 * - POST /api/merges/:id/undo, within 30 days: both clients back as they were, unless one was changed since (409).
 * - GET /api/merges?clientId=…: the merges a client took part in, for its history ("Undo merge").
 */
import { z } from 'zod';
import { Client, ClientFields, ClientId, fieldsOf, type ApiErrorBody } from './api.ts';
import { registeredFirst, type DuplicateReason } from './duplicates.ts';
import type { Answer } from './http.ts';
import { undoableUntil } from './time-windows.ts';

/** How long a merge can be taken back. */
export const MERGE_UNDO_DAYS = 30;

const Version = z.number().int().positive();

/** A client and its version (the ETag's number), as the merge page shows and sends it back. */
const VersionedClientBody = z.object({ client: Client, version: Version });

/** GET /api/duplicates: `kept` was registered first. */
export const DuplicatePairBody = z.object({
  kept: VersionedClientBody,
  other: VersionedClientBody,
  reasons: z.array(z.enum(['email', 'name'] satisfies [DuplicateReason, DuplicateReason])),
});
export type DuplicatePairBody = z.infer<typeof DuplicatePairBody>;
export const DuplicateList = z.array(DuplicatePairBody);

/** Whose value each field takes: the kept client's or the other's. */
const Source = z.enum(['kept', 'other']);
export const MergeChoices = z.strictObject({
  firstName: Source,
  lastName: Source,
  email: Source,
  registrationDateTime: Source,
});
export type MergeChoices = z.infer<typeof MergeChoices>;

/** POST /api/merges. */
export const MergeRequest = z.strictObject({
  keepId: ClientId,
  otherId: ClientId,
  keepVersion: Version,
  otherVersion: Version,
  fields: MergeChoices,
});
export type MergeRequest = z.infer<typeof MergeRequest>;

/** The merged client's fields: each from the client its choice names. */
function mergedFields(kept: ClientFields, other: ClientFields, choices: MergeChoices): ClientFields {
  return {
    firstName: (choices.firstName === 'kept' ? kept : other).firstName,
    lastName: (choices.lastName === 'kept' ? kept : other).lastName,
    email: (choices.email === 'kept' ? kept : other).email,
    registrationDateTime: (choices.registrationDateTime === 'kept' ? kept : other).registrationDateTime,
  };
}

const MergeId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Merge id is malformed');

/** One merge, as POST /api/merges answers (201) and its undo (200) and GET /api/merges list it. */
export const MergeSummary = z.object({
  id: MergeId,
  at: z.iso.datetime({ offset: true }),
  by: z.string(),
  /** The kept client as the merge stored it. */
  client: Client,
  /** The version the merge gave the kept client. */
  version: Version,
  /** The kept client's values before the merge. */
  keptBefore: ClientFields,
  /** The other client as it was (it left the list; it comes back on an undo). */
  other: Client,
  fields: MergeChoices,
  /** Until when "Undo merge" is offered. */
  undoableUntil: z.iso.datetime({ offset: true }),
  undone: z.object({ at: z.iso.datetime({ offset: true }), by: z.string() }).nullable(),
});
export type MergeSummary = z.infer<typeof MergeSummary>;
export const MergeList = z.array(MergeSummary);

/** GET /api/merges's query: the merges a client took part in. */
export const MergeListQuery = z.object({ clientId: ClientId });

/** 412: either client changed since the merge page opened; both as they are now (client null: deleted since). */
export const MergeConflictBody = z.object({
  message: z.string(),
  kept: z.object({ client: Client.nullable(), version: Version }),
  other: z.object({ client: Client.nullable(), version: Version }),
});
export type MergeConflictBody = z.infer<typeof MergeConflictBody>;

/** What POST /api/merges did, in the server and the mock alike. */
export type MergeOutcome =
  | { status: 'merged'; summary: MergeSummary }
  | { status: 'not-found' }
  | { status: 'same-client' }
  | { status: 'kept-not-first' }
  | { status: 'changed'; conflict: Omit<MergeConflictBody, 'message'> };

/** What POST /api/merges/:id/undo did. */
export type UnmergeOutcome =
  | { status: 'undone'; summary: MergeSummary }
  | { status: 'not-found' }
  | { status: 'already-undone' }
  /** Either client changed since the merge: nothing was written. */
  | { status: 'changed'; client: Client };

/** The texts of the merge's answers and pages. */
export const mergeMessages = {
  changedSince: 'One of these clients was changed since this page opened: here they are as they are now.',
  notFound: 'No such client.',
  sameClient: 'A client cannot be merged with itself.',
  keptFirst: 'The client registered earlier keeps its id.',
  mergeNotFound: 'No merge with this id in the last 30 days.',
  alreadyUndone: 'This merge was already taken back.',
  /** 409 of an undo: nothing was changed. */
  changedSinceMerge: (first: string, last: string) => `${first} ${last} was changed since the merge, so it was not undone.`,
  /** The notice on /clients after a merge. */
  merged: (first: string, last: string) => `Clients merged: ${first} ${last}.`,
  /** After "Undo merge": both clients, as they are back. */
  unmerged: (kept: string, other: string) => `Merge undone: ${kept} and ${other} are two clients again.`,
  noDuplicates: 'No possible duplicates.',
} as const;

/** A client as a merge or its undo reads it: its values, its version, and whether it is in "Recently deleted". */
export type ClientState = { client: Client; version: number; deleted: boolean };

/** What a merge decides: a refusal, or the two clients as read and the kept one's values before and after. */
export type MergePlan<S extends ClientState = ClientState> =
  Exclude<MergeOutcome, { status: 'merged' }> | { status: 'merge'; kept: S; other: S; keptBefore: ClientFields; after: ClientFields };

/**
 * A merge (decision 029), for the server and the mock alike: refused for one client twice, for an unknown one, for
 * either no longer live at the version sent (412, both as they are now), or when the kept one was not registered first.
 */
export function planMerge<S extends ClientState>(request: MergeRequest, kept: S | undefined, other: S | undefined): MergePlan<S> {
  if (request.keepId === request.otherId) return { status: 'same-client' };
  if (!kept || !other) return { status: 'not-found' };
  if (kept.deleted || other.deleted || kept.version !== request.keepVersion || other.version !== request.otherVersion) {
    return mergeConflict(kept, other);
  }
  if (registeredFirst(kept.client, other.client) > 0) return { status: 'kept-not-first' };
  const keptBefore = fieldsOf(kept.client);
  return { status: 'merge', kept, other, keptBefore, after: mergedFields(keptBefore, fieldsOf(other.client), request.fields) };
}

/** The 412 of a merge: both clients as they are now (a deleted one without its values). */
export function mergeConflict(kept: ClientState, other: ClientState): Extract<MergeOutcome, { status: 'changed' }> {
  const body = ({ client, version, deleted }: ClientState) => ({ client: deleted ? null : client, version });
  return { status: 'changed', conflict: { kept: body(kept), other: body(other) } };
}

/** A merge's summary, undoable for MERGE_UNDO_DAYS days from its time. */
export function mergeSummary(merge: Omit<MergeSummary, 'undoableUntil'>): MergeSummary {
  return { ...merge, undoableUntil: undoableUntil(merge.at, MERGE_UNDO_DAYS) };
}

/**
 * Why a merge cannot be taken back: the kept client was written, deleted or erased since (no longer live at the
 * version the merge gave it), or the other is back some other way. Undefined when both are as the merge left them.
 */
export function unmergeRefusal(
  merge: MergeSummary,
  kept: ClientState | undefined,
  otherIsBack: boolean,
): Extract<UnmergeOutcome, { status: 'changed' }> | undefined {
  if (!kept || kept.deleted || kept.version !== merge.version) return { status: 'changed', client: kept?.client ?? merge.client };
  return otherIsBack ? { status: 'changed', client: merge.other } : undefined;
}

/** A merge's id in a path (its undo). */
export const MergeIdParams = z.object({ mergeId: z.string().max(64) });

/** POST /api/merges's answer. */
export function mergeAnswer(outcome: MergeOutcome): Answer<201 | 400 | 404 | 412, MergeSummary | MergeConflictBody | ApiErrorBody> {
  switch (outcome.status) {
    case 'same-client':
      return { status: 400, body: { message: mergeMessages.sameClient } };
    case 'kept-not-first':
      return { status: 400, body: { message: mergeMessages.keptFirst } };
    case 'not-found':
      return { status: 404, body: { message: mergeMessages.notFound } };
    case 'changed':
      return { status: 412, body: { message: mergeMessages.changedSince, ...outcome.conflict } };
    case 'merged':
      return { status: 201, body: outcome.summary };
  }
}

/** POST /api/merges/:id/undo's answer. */
export function unmergeAnswer(outcome: UnmergeOutcome): Answer<200 | 404 | 409, MergeSummary | ApiErrorBody> {
  switch (outcome.status) {
    case 'not-found':
      return { status: 404, body: { message: mergeMessages.mergeNotFound } };
    case 'already-undone':
      return { status: 409, body: { message: mergeMessages.alreadyUndone } };
    case 'changed':
      return { status: 409, body: { message: mergeMessages.changedSinceMerge(outcome.client.firstName, outcome.client.lastName) } };
    case 'undone':
      return { status: 200, body: outcome.summary };
  }
}
