/** The salon's services (issue 40), an owner's changes: add, edit, remove (a removed one stays on its appointments). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Service, type ServiceFields } from '#contract/book';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { onlineOnly } from '../../../lib/query-client.ts';
import { bookKeys } from './book-queries.ts';

/** After a change the list is asked again, and the appointments, which name their service as it is named now. */
function useRefreshServices() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bookKeys.services }),
      queryClient.invalidateQueries({ queryKey: bookKeys.appointments }),
    ]);
}

/** POST /api/services */
export function useAddService() {
  const refresh = useRefreshServices();
  return useMutation({
    mutationFn: (fields: ServiceFields) => apiRequest(apiPaths.services, { method: 'POST', body: fields, schema: Service }),
    ...onlineOnly,
    onSuccess: refresh,
  });
}

/** PUT /api/services/:serviceId */
export function useEditService(serviceId: string) {
  const refresh = useRefreshServices();
  return useMutation({
    mutationFn: (fields: ServiceFields) => apiRequest(apiPaths.service(serviceId), { method: 'PUT', body: fields, schema: Service }),
    ...onlineOnly,
    onSuccess: refresh,
  });
}

/** DELETE /api/services/:serviceId: marks it removed. */
export function useRemoveService(serviceId: string) {
  const refresh = useRefreshServices();
  return useMutation({
    mutationFn: () => apiRequest(apiPaths.service(serviceId), { method: 'DELETE' }),
    ...onlineOnly,
    onSuccess: refresh,
  });
}
