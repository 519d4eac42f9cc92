import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '#contract/paths';
import type { Me } from '#contract/team';
import { apiResponse } from '../../../lib/api-client.ts';

/**
 * The session's account and role (GET /api/me): what the SPA shows, never what it allows (the server decides). Read
 * without zod: the logged-in nav bar asks for it, and its chunk stays without the team pages' code.
 */
const meQuery = () =>
  queryOptions({
    queryKey: ['me'] as const,
    queryFn: async ({ signal }): Promise<Me> => {
      const response = await apiResponse(apiPaths.me, { signal });
      const me = (await response.json()) as Partial<Me> | null;
      return { username: String(me?.username), role: me?.role === 'owner' ? 'owner' : 'staff' };
    },
    // A role can change while a page is open: asked again whenever a part that shows it mounts.
    staleTime: 0,
  });

/** The logged-in account's role; undefined until the server has said. */
export function useRole() {
  return useQuery(meQuery()).data?.role;
}
