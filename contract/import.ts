/**
 * Importing clients (issue 29), one reading for the SPA's preview, the mock and the server:
 * - POST /api/imports: a file's rows as the browser mapped them (all of them, in the file's order), and what to do with
 *   clients who are already in the list; the server gives every row the same verdict the preview showed (this file's
 *   `importVerdicts`), writes the new ones (and the existing ones, on "Update them") in one transaction, and answers
 *   with the import's summary (201).
 * - GET /api/imports: the imports of the last 30 days, newest first.
 * - POST /api/imports/:id/undo: created clients go to Recently deleted, updated ones get their earlier values; those
 *   changed since the import are left as they are and named.
 */
import { z } from 'zod';
import {
  ClientId,
  ClientInput,
  describeValidationError,
  fieldsOf,
  type ApiErrorBody,
  type Client,
  type ClientFields,
  type ClientInputBody,
} from './api.ts';
import { registeredFirst } from './duplicates.ts';
import { refusal, uncached, type Answered } from './http.ts';
import { apiPaths } from './paths.ts';
import { emailKey } from './text.ts';

/** A file larger than either is refused before it is read. */
export const IMPORT_LIMITS = { rows: 50_000, bytes: 10 * 1024 * 1024 } as const;

/** How long an import can be taken back, and is listed on /clients/import. */
export const IMPORT_UNDO_DAYS = 30;

/** A row as mapped from the file: the client's fields as text; no registration date-time means the time of the import. */
export type ImportRow = Omit<ClientInputBody, 'registrationDateTime'> & { registrationDateTime?: string | undefined };

/** What happens to a row: "New", "Already a client", "Twice in this file", "Not valid: {reason}". */
export type RowVerdict =
  | { kind: 'new'; client: ClientInput }
  /** `clientId`: the client with that email registered first (families share an email). */
  | { kind: 'existing'; client: ClientInput; clientId: string }
  /** A row after the first valid one with the same email: the first is the one imported. */
  | { kind: 'repeated' }
  | { kind: 'invalid'; reason: string };

export type VerdictKind = RowVerdict['kind'];

/** How the preview names each verdict, and the filter its counts. */
export const VERDICT_LABELS: Record<VerdictKind, string> = {
  new: 'New',
  existing: 'Already a client',
  repeated: 'Twice in this file',
  invalid: 'Not valid',
};

/** The preview's words for a row's verdict. */
export function verdictText(verdict: RowVerdict): string {
  return verdict.kind === 'invalid' ? `Not valid: ${verdict.reason}` : VERDICT_LABELS[verdict.kind];
}

/**
 * Each row's verdict, by the contract's own rules (ClientInput: the register form's), in the file's order.
 * `clientWithEmail` finds the client already in the list with an email key (`emailKey`); `importedAt` is the
 * registration date-time of rows that have none.
 */
export function importVerdicts(
  rows: readonly unknown[],
  clientWithEmail: (key: string) => string | undefined,
  importedAt: string,
): RowVerdict[] {
  const seen = new Set<string>();
  return rows.map((row): RowVerdict => {
    const withDate =
      typeof row === 'object' && row !== null && !Array.isArray(row) && isBlank((row as ImportRow).registrationDateTime)
        ? { ...row, registrationDateTime: importedAt }
        : row;
    const parsed = ClientInput.safeParse(withDate);
    if (!parsed.success) return { kind: 'invalid', reason: describeValidationError(parsed.error) };
    const key = emailKey(parsed.data.email);
    if (seen.has(key)) return { kind: 'repeated' };
    seen.add(key);
    const clientId = clientWithEmail(key);
    return clientId === undefined ? { kind: 'new', client: parsed.data } : { kind: 'existing', client: parsed.data, clientId };
  });
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** How many rows of each verdict. */
export function verdictCounts(verdicts: readonly RowVerdict[]): Record<VerdictKind, number> {
  const counts: Record<VerdictKind, number> = { new: 0, existing: 0, repeated: 0, invalid: 0 };
  for (const verdict of verdicts) counts[verdict.kind] += 1;
  return counts;
}

/** "Skip them" (the default) or "Update them": what the import does with rows that are already a client. */
export const ExistingClients = z.enum(['skip', 'update']);
export type ExistingClients = z.infer<typeof ExistingClients>;

/** How many rows an import writes: the new ones, and the existing ones when they are updated ("Import {n} clients"). */
export function rowsWritten(counts: Record<VerdictKind, number>, existing: ExistingClients): number {
  return counts.new + (existing === 'update' ? counts.existing : 0);
}

/** POST /api/imports. Each row is checked on its own (a bad row is a verdict, not a 400). */
export const ImportRequest = z.strictObject({
  fileName: z.string().trim().min(1, 'File name is required').max(255, 'File name must be at most 255 characters'),
  existing: ExistingClients,
  rows: z
    .array(z.unknown())
    .min(1, 'The file has no rows')
    .max(IMPORT_LIMITS.rows, `A file can have at most ${IMPORT_LIMITS.rows.toLocaleString('en-US')} rows`),
});
export type ImportRequest = z.infer<typeof ImportRequest>;

/** An import's id in a path (GET /api/imports/:importId, its undo). */
export const ImportIdParams = z.object({ importId: z.string().max(64) });

/** An import's Idempotency-Key and its request's fingerprint, as the server and the mock keep them. */
export type ImportIdempotency = { key: string; hash: string };

/**
 * An Idempotency-Key and what a retry must send again to be answered with the first import: the SHA-256 of the request
 * as parsed (its JSON), base64url; undefined without a key.
 */
export async function importIdempotency(key: string | undefined, request: ImportRequest): Promise<ImportIdempotency | undefined> {
  if (key === undefined) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(request)));
  const base64 = btoa(String.fromCharCode(...new Uint8Array(digest)));
  return { key, hash: base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') };
}

const ImportId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Import id is malformed');

/** A client an undo left as it was, because it changed after the import. */
export const ClientNamed = z.object({ clientId: ClientId, firstName: z.string(), lastName: z.string() });
export type ClientNamed = z.infer<typeof ClientNamed>;

/** One import, as POST /api/imports answers and GET /api/imports lists it. */
export const ImportSummary = z.object({
  id: ImportId,
  at: z.iso.datetime({ offset: true }),
  by: z.string(),
  fileName: z.string(),
  existing: ExistingClients,
  /** Rows written as new clients. */
  created: z.number().int().nonnegative(),
  /** Existing clients given the row's values ("Update them"). */
  updated: z.number().int().nonnegative(),
  /** Rows not written: already a client (on "Skip them"), twice in the file, not valid. */
  skipped: z.number().int().nonnegative(),
  /** Set once the import was taken back. */
  undone: z.object({ at: z.iso.datetime({ offset: true }), by: z.string(), leftAsChanged: z.array(ClientNamed) }).nullable(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

/** GET /api/imports: the last 30 days' imports, newest first. */
export const ImportList = z.array(ImportSummary);

/**
 * What POST /api/imports did, in the server and the mock alike: written now, answered again for a retry with its
 * Idempotency-Key, or refused because the key came before with another request.
 */
export type ImportOutcome = { status: 'imported' | 'replayed'; summary: ImportSummary } | { status: 'key-reused' };

/** What POST /api/imports/:id/undo did: undone, no such import in the last 30 days, or undone before. */
export type UndoImportOutcome = { status: 'undone'; summary: ImportSummary } | { status: 'not-found' } | { status: 'already-undone' };

/** The texts of the import's answers. */
export const importMessages = {
  notFound: 'No import with this id in the last 30 days.',
  alreadyUndone: 'This import was already taken back.',
  /** 422: a retry's Idempotency-Key (as POST /api/clients honours it) came before with another request. */
  keyReused: 'This Idempotency-Key was sent before with another import',
} as const;

/** What an import writes: the new clients (ids from the caller), and the existing ones given a row's values. */
export type ImportPlan = {
  created: Array<{ id: string; fields: ClientFields }>;
  updates: Array<{ id: string; fields: ClientFields; before: ClientFields }>;
};

/**
 * An import's writes (decision 028), for the server and the mock alike: every row's verdict against the `live`
 * clients (an email is the client's registered first with it: families share one), the new rows as new clients with
 * ids from `newId`, and on "update" the existing clients with their row's values; `at` is the import's time.
 */
export function planImport({ rows, existing }: ImportRequest, live: readonly Client[], at: string, newId: () => string): ImportPlan {
  const byEmail = new Map<string, Client>();
  for (const client of live) {
    const key = emailKey(client.email);
    const first = byEmail.get(key);
    if (first === undefined || registeredFirst(client, first) < 0) byEmail.set(key, client);
  }
  const plan: ImportPlan = { created: [], updates: [] };
  for (const verdict of importVerdicts(rows, (key) => byEmail.get(key)?._id, at)) {
    if (verdict.kind === 'new') plan.created.push({ id: newId(), fields: verdict.client });
    else if (verdict.kind === 'existing' && existing === 'update') {
      const current = byEmail.get(emailKey(verdict.client.email));
      if (current) plan.updates.push({ id: current._id, fields: verdict.client, before: fieldsOf(current) });
    }
  }
  return plan;
}

/** An import's summary counts: the rows written as new clients, the clients updated, and every other row skipped. */
export function importCounts(rows: number, created: number, updated: number): Pick<ImportSummary, 'created' | 'updated' | 'skipped'> {
  return { created, updated, skipped: rows - created - updated };
}

/** An entry of an import's batch, with its client as it is now (null: erased since, nothing left to take back). */
export type ImportedEntry = {
  clientId: string;
  /** The version the import left the client in. */
  version: number;
  /** Whether the import created the client (else it updated it). */
  created: boolean;
  current: { version: number; deleted: boolean; firstName: string; lastName: string } | null;
};

/**
 * An undo's writes: the clients the import created go to "Recently deleted", the ones it updated get their values
 * from before it; a client no longer live in the version the import left is left as it is, and named.
 */
export function planImportUndo<E extends ImportedEntry>(
  entries: readonly E[],
): { toDelete: E[]; toRestore: E[]; leftAsChanged: ClientNamed[] } {
  const plan = { toDelete: [] as E[], toRestore: [] as E[], leftAsChanged: [] as ClientNamed[] };
  for (const entry of entries) {
    const { current } = entry;
    if (current === null) continue;
    if (current.version !== entry.version || current.deleted) plan.leftAsChanged.push(namedClient(entry.clientId, current));
    else (entry.created ? plan.toDelete : plan.toRestore).push(entry);
  }
  return plan;
}

export const namedClient = (clientId: string, { firstName, lastName }: { firstName: string; lastName: string }): ClientNamed => ({
  clientId,
  firstName,
  lastName,
});

/**
 * POST /api/imports's answer: 201 with the summary (written now, and recorded, or answered again), or 422 for a key sent
 * before with another request.
 */
export function importAnswer(outcome: ImportOutcome, actor: string): Answered<ImportSummary | ApiErrorBody> {
  if (outcome.status === 'key-reused') return refusal(422, importMessages.keyReused);
  const { id, created, updated } = outcome.summary;
  // RFC 9110 section 15.3.2: a 201 names what it created.
  const answer = { status: 201, body: outcome.summary, headers: { location: apiPaths.import(id) } };
  if (outcome.status === 'replayed') return answer;
  return { ...answer, audit: [{ kind: 'clients-imported', actor, subject: id, detail: String(created + updated) }] };
}

/** GET /api/imports/:id's answer: the import, or 404 for one unknown or older than 30 days. */
export const foundImportAnswer = (found: ImportSummary | undefined): Answered<ImportSummary | ApiErrorBody> =>
  found ? uncached(found) : refusal(404, importMessages.notFound);

/** POST /api/imports/:id/undo's answer, and the undo's entry. */
export function undoImportAnswer(outcome: UndoImportOutcome, actor: string): Answered<ImportSummary | ApiErrorBody> {
  if (outcome.status === 'not-found') return refusal(404, importMessages.notFound);
  if (outcome.status === 'already-undone') return refusal(409, importMessages.alreadyUndone);
  return { status: 200, body: outcome.summary, audit: [{ kind: 'import-undone', actor, subject: outcome.summary.id }] };
}
