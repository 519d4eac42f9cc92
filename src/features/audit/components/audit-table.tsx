import type { AuditEntry } from '#contract/team';
import { DataTable } from '../../../components/data-table.tsx';
import { localDateTime } from '../../../lib/local-time.ts';
import { AUDIT_KIND_LABELS, auditDetail } from '../utils/audit-entries.ts';
import './audit-trail.css';

const COLUMNS = ['When', 'What', 'Who', 'On what', 'Detail', 'IP', 'Browser'];

type AuditTableProps = {
  entries: readonly AuditEntry[];
  /** Shown in the table's one row when there are no entries (loading, none, could not load). */
  emptyMessage: string;
};

/** The trail's entries, newest first, as the server sends them. */
export function AuditTable({ entries, emptyMessage }: AuditTableProps) {
  return (
    <DataTable
      className="audit-table"
      density="compact"
      scrollLabel="Audit trail entries"
      columns={COLUMNS}
      message={entries.length === 0 ? emptyMessage : undefined}
    >
      {entries.map((entry) => (
        <tr key={entry.seq}>
          <td>
            <time dateTime={entry.at}>{localDateTime(entry.at, { seconds: true })}</time>
          </td>
          <td>{AUDIT_KIND_LABELS[entry.kind]}</td>
          <td>{entry.actor}</td>
          <td>{entry.subject ?? ''}</td>
          <td>{auditDetail(entry)}</td>
          <td>{entry.ip ?? ''}</td>
          <td className="audit-table__browser" title={entry.userAgent ?? undefined}>
            {entry.userAgent ?? ''}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
