import { queryOptions } from '@tanstack/react-query';
import { OutboxState } from '#contract/online-booking';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';

const outboxKeys = { all: ['outbox'] as const };

/**
 * GET /api/outbox (issue 41): how many emails wait to be sent; owners only (403 for staff). Asked again on every visit
 * (the sender empties it meanwhile), and kept out of the offline copy: an old count would say emails wait that left.
 */
export const outboxQuery = (owner: boolean) =>
  queryOptions({
    queryKey: outboxKeys.all,
    queryFn: ({ signal }) => apiRequest(apiPaths.outbox, { schema: OutboxState, signal }),
    enabled: owner,
    staleTime: 0,
    meta: { offlineCopy: false },
  });
