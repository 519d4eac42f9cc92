import { useMutation } from '@tanstack/react-query';
import { onlineOnly } from '../../../lib/query-client.ts';
import { downloadAuditCsv } from '../utils/audit-entries.ts';
import { fetchAuditExport, type AuditFilter } from './audit-queries.ts';

/** "Export CSV" of the audit trail: every entry the filter matches, asked of the server, saved as a file. */
export function useExportAuditCsv() {
  return useMutation({
    mutationFn: async (filter: AuditFilter) => downloadAuditCsv(await fetchAuditExport(filter)),
    // Sent now or failed now: offline it must not wait, paused, among the changes waiting to be saved.
    ...onlineOnly,
  });
}
