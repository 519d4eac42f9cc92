import type { ReactNode } from 'react';
import { DataTable, queryStatusMessage } from '../../../components/data-table.tsx';

type TeamTableProps = {
  columns: readonly string[];
  /** The query its rows come from: until they come, the table says how it is going (loading, offline, failed). */
  query: Parameters<typeof queryStatusMessage>[0];
  /** Said when the query failed: "The staff could not be loaded." */
  failed: string;
  /** Said instead of rows once the query has answered none: "No passkey yet."; undefined while there are rows. */
  empty?: string | undefined;
  children: ReactNode;
};

/** The team's tables (the staff, My account's passkeys and sessions): a few columns, each row's buttons, cards on a phone. */
export function TeamTable({ columns, query, failed, empty, children }: TeamTableProps) {
  return (
    <DataTable className="staff-table" density="roomy" cards columns={columns} actions message={queryStatusMessage(query, failed) ?? empty}>
      {children}
    </DataTable>
  );
}
