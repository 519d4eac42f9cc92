import { useMutation } from '@tanstack/react-query';
import { ClientList } from '#contract/api';
import { apiPaths } from '#contract/paths';
import { apiRequest } from '../../../lib/api-client.ts';
import { onlineOnly } from '../../../lib/query-client.ts';
import { createClientListView } from '../utils/client-list-view.ts';
import { downloadClientsCsv } from '../utils/clients-csv.ts';
import type { ClientListView } from '../utils/list-view-search.ts';
import { sortByRegistration } from './client-queries.ts';

/**
 * "Export CSV" (owner only, issue 28): GET {host}/api/clients-export, so that the server's audit trail records who
 * exported the list; the file is then made in the browser, of the view on screen (its search and sort), as before
 * (docs/decisions/026-roles-and-the-audit-trail.md).
 */
async function exportClients(view: ClientListView): Promise<void> {
  const clients = await apiRequest(apiPaths.clientsExport, { schema: ClientList });
  downloadClientsCsv(createClientListView(sortByRegistration(clients)).view(view));
}

export function useExportClients() {
  return useMutation({
    mutationFn: exportClients,
    ...onlineOnly,
  });
}
