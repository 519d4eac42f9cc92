import { queryOptions } from '@tanstack/react-query';
import { ClientDetails } from '#contract/online-booking';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientKeys } from '../../clients/api/client-queries.ts';

/**
 * GET /api/clients/{id}/details (issue 41): the phone and offers consent an online booking keeps beside the client.
 * Under the client's detail, so that what refreshes or removes the client (a save, a live change, an erasure) does
 * the same to these.
 */
export const clientDetailsQuery = (clientId: string) =>
  queryOptions({
    queryKey: clientKeys.contactDetails(clientId),
    queryFn: ({ signal }) => apiRequest(apiPaths.clientDetails(clientId), { schema: ClientDetails, signal }),
  });
