import { useMutation } from '@tanstack/react-query';
import { ClientExport } from '#contract/client-export';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { onlineOnly } from '../../../lib/query-client.ts';

/**
 * GET {host}/api/clients/{clientId}/export, saved as `client-{id}.json` through a Blob (not a link to the address:
 * msw answers fetches, not downloads, and the session cookie goes along on another origin too).
 */
async function downloadClientExport(clientId: string): Promise<void> {
  const data = await apiRequest(apiPaths.clientExport(clientId), { schema: ClientExport });
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `client-${clientId}.json`;
  link.click();
  // Once the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Export data" (owner only, issue 28): a change of nothing, run as a mutation so that a 403 asks for the role again. */
export function useExportClient() {
  return useMutation({
    mutationFn: downloadClientExport,
    ...onlineOnly,
  });
}
