/**
 * The waiting changes kept on the disk (issue 20, docs/offline.md): Register, Update and Delete are TanStack Query
 * mutations that pause while offline (`networkMode: 'online'`) and resume when the connection returns, one client's
 * changes one after another (their `scope`). Here they are written to IndexedDB (at once, not throttled: a closed tab
 * keeps them), put back after a reload for the account that made them, and made to wait again by a 401. The staff
 * pages' offline support (features/offline) starts this, with the changes' options from features/clients.
 */
import { dehydrate, hydrate, type DehydratedState, type Mutation, type QueryClient } from '@tanstack/react-query';
import { get, set } from 'idb-keyval';
import { IDEMPOTENCY_KEY_TTL_MS } from '#contract/idempotency-key';
import { ApiError } from '../api-errors.ts';
import type { Login } from '../login-flag.ts';
import { describeChange } from './client-changes.ts';
import { hasWaited } from './has-waited.ts';
import { forgetWaitingChangesOnDisk, isWaiting, needsDecision, WAITING_CHANGES_KEY } from './waiting-changes.ts';

/**
 * Kept no longer than the server keeps an Idempotency-Key: a registration sent later could be made twice. A change
 * older than that is dropped at the next start (docs/offline.md).
 */
const KEEP_FOR_MS = IDEMPOTENCY_KEY_TTL_MS;

type DehydratedMutation = DehydratedState['mutations'][number];
/** What the disk holds (`savedAt`, when it was written: the name the disk has, kept). */
type KeptChanges = { savedAt: number; mutations: DehydratedMutation[] };
type AnyMutation = Mutation<unknown, Error, unknown, unknown>;

/** The structured-clone form of a failure (an ApiError's status and body survive; a class does not). */
function plainError(error: unknown): (Error & { status: number; body: unknown }) | null {
  return error instanceof ApiError ? { name: error.name, message: error.message, status: error.status, body: error.body } : null;
}

function revivedError(error: unknown): ApiError | null {
  if (typeof error !== 'object' || error === null || !('status' in error) || typeof error.status !== 'number') return null;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return new ApiError(error.status, message, 'body' in error ? error.body : undefined);
}

function keptForm(queryClient: QueryClient): DehydratedMutation[] {
  const { mutations } = dehydrate(queryClient, { shouldDehydrateQuery: () => false, shouldDehydrateMutation: isWaiting });
  return mutations.map((mutation) => ({
    ...mutation,
    // One being sent when the tab closed is sent again (an update's If-Match and a registration's key make that safe).
    state: { ...mutation.state, isPaused: mutation.state.status === 'pending', error: plainError(mutation.state.error) },
  }));
}

async function keep(queryClient: QueryClient): Promise<void> {
  const mutations = keptForm(queryClient);
  if (mutations.length === 0) return forgetWaitingChangesOnDisk();
  try {
    await set(WAITING_CHANGES_KEY, { savedAt: Date.now(), mutations } satisfies KeptChanges);
  } catch {
    // No IndexedDB: the changes wait in memory, as long as the tab is open.
  }
}

/** A change refused with a 401 (the session ended, or its account is not the one logged in) waits again. */
function waitAgain(queryClient: QueryClient, mutation: AnyMutation) {
  const mutationCache = queryClient.getMutationCache();
  mutationCache.remove(mutation);
  hydrate(queryClient, {
    queries: [],
    mutations: [
      {
        mutationKey: mutation.options.mutationKey,
        scope: mutation.options.scope,
        state: { ...mutation.state, status: 'pending', isPaused: true, error: null, failureCount: 0, failureReason: null },
      },
    ],
  });
}

/** What the waiting changes do as they are sent; once per query client, whoever is logged in. */
const watched = new WeakSet<QueryClient>();

function watchChanges(queryClient: QueryClient) {
  if (watched.has(queryClient)) return;
  watched.add(queryClient);
  let keeping = false;
  queryClient.getMutationCache().subscribe(({ mutation, type }) => {
    if (!mutation || !hasWaited(mutation) || type !== 'updated') return;
    const { status, error } = mutation.state;
    if (status === 'error' && error instanceof ApiError && error.status === 401) {
      // After this turn: the scope's next change must not take it up again at once (with no login, that would be a
      // loop). What the disk holds still has it waiting.
      setTimeout(() => waitAgain(queryClient, mutation));
      return;
    }
    // A deletion whose client a colleague deleted or erased meanwhile: what was asked is done.
    const change = describeChange(mutation);
    if (change?.kind === 'delete' && needsDecision(mutation) && !hasClient((error as ApiError).body)) {
      queryClient.getMutationCache().remove(mutation);
    }
    if (keeping) return;
    keeping = true;
    queueMicrotask(() => {
      keeping = false;
      void keep(queryClient);
    });
  });
}

function hasClient(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'current' in body && typeof body.current === 'object' && body.current !== null
    ? 'client' in body.current && body.current.client !== null
    : false;
}

/** The query clients whose waiting changes were put back from the disk: once per app (a later login keeps what is in memory). */
const restored = new WeakSet<QueryClient>();

/**
 * At the staff pages' start: the changes this account left waiting (a reload, a closed tab) are put back and sent if the
 * connection allows; another account's are dropped, as are changes older than a day. From then on they are kept.
 * `registerChanges` first gives the query client every change's options by its key (features/clients'
 * registerChangeDefaults): a change put back from the disk needs its function and what it does after.
 */
export async function restoreWaitingChanges(
  queryClient: QueryClient,
  login: Login,
  registerChanges: (queryClient: QueryClient) => void,
): Promise<void> {
  registerChanges(queryClient);
  if (restored.has(queryClient)) return;
  restored.add(queryClient);
  let kept: KeptChanges | undefined;
  try {
    kept = await get<KeptChanges>(WAITING_CHANGES_KEY);
  } catch {
    // No IndexedDB: nothing was kept.
  }
  const mutations = (kept && Date.now() - kept.savedAt < KEEP_FOR_MS ? kept.mutations : []).filter((mutation) => {
    const account = (mutation.state.variables as { account?: string } | undefined)?.account;
    return account === undefined || account === login.account;
  });
  if (mutations.length === 0) await forgetWaitingChangesOnDisk();
  hydrate(queryClient, {
    queries: [],
    mutations: mutations.map((mutation) => ({ ...mutation, state: { ...mutation.state, error: revivedError(mutation.state.error) } })),
  });
  watchChanges(queryClient);
  void queryClient.resumePausedMutations();
}
