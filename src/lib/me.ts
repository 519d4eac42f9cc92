/**
 * Who is logged in and their role (issue 28, docs/decisions/026-roles-and-the-audit-trail.md): GET /api/me, cached
 * as ['me']. The SPA mirrors the server, never decides: owner-only controls show only while the role is known to be
 * "owner"; while it is loading, failed or unknown, they stay hidden. A 403 from any call asks again (app.tsx), since
 * the role may have changed. The offline copy keeps ['me'] with the other queries, so a reload offline still knows it.
 * It belongs to no feature: a session's start primes it (logged-in.ts), the nav bar and the clients' pages read it.
 *
 * Checked by hand, not with the contract's zod schema: the login page and the app's root read this, and their
 * bundles load no zod (docs/performance.md).
 */
import { hashKey, queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { apiPaths } from '#contract/paths';
import type { Me } from '#contract/team';
import { apiResponse } from './api-client.ts';
import { MalformedResponseError } from './api-errors.ts';
import { useIsLoggedIn } from './login-flag.ts';

export const meKeys = {
  all: ['me'] as const,
};

/** The body of GET /api/me, and of a successful login: `{ username, role }`. */
function isMe(body: unknown): body is Me {
  return (
    typeof body === 'object' &&
    body !== null &&
    'username' in body &&
    typeof body.username === 'string' &&
    'role' in body &&
    (body.role === 'owner' || body.role === 'staff')
  );
}

/** GET {host}/api/me */
async function fetchMe({ signal }: { signal?: AbortSignal } = {}): Promise<Me> {
  const response = await apiResponse(apiPaths.me, { signal });
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new MalformedResponseError(apiPaths.me, error);
  }
  if (!isMe(body)) throw new MalformedResponseError(apiPaths.me, body);
  return body;
}

const meQuery = () =>
  queryOptions({
    queryKey: meKeys.all,
    queryFn: fetchMe,
  });

/** The login's 200 says who logged in: the role is known before the first page asks. */
export function primeMe(queryClient: QueryClient, body: unknown): void {
  if (isMe(body)) queryClient.setQueryData(meKeys.all, body);
}

/**
 * A 403 means the role may have changed since it was asked: ask again; `refusedQuery` is the key of the query refused,
 * if a query was. Not after GET /api/me's own 403 (none is in the contract), which would ask again for ever.
 */
export function refetchMeAfterRefusal(queryClient: QueryClient, refusedQuery?: QueryKey): Promise<void> {
  if (refusedQuery !== undefined && hashKey(refusedQuery) === hashKey(meKeys.all)) return Promise.resolve();
  return queryClient.invalidateQueries({ queryKey: meKeys.all });
}

/** The role of the account logged in; undefined while that is not known (loading, offline without a copy, failed). */
export function useRole(): Me['role'] | undefined {
  const loggedIn = useIsLoggedIn();
  const { data } = useQuery({ ...meQuery(), enabled: loggedIn });
  return loggedIn ? data?.role : undefined;
}

/** Whether the account logged in is an owner: false while that is not known. */
export function useIsOwner(): boolean {
  return useRole() === 'owner';
}
