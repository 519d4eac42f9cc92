import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { DeletedClient } from '#contract/api';
import { DataTable, queryStatusMessage } from '../../components/data-table.tsx';
import { useIsOwner } from '../../lib/me.ts';
import { clientQueries } from '../../features/clients/api/client-queries.ts';
import { useRestoreClient } from '../../features/clients/api/restore-client.ts';
import { EraseClientButton } from '../../features/clients/components/erase-client-button.tsx';
import { clientName, noticeRestored } from '../../features/clients/utils/client-notices.ts';
import { formatRegistrationTime } from '../../features/clients/utils/date-time.ts';
import { loadQuery } from '../../features/offline/load-query.ts';
import { requireLogin } from '../../lib/require-login.ts';
import '../../features/clients/components/clients-table.css';
import { BackToClientList } from '../../features/clients/components/back-to-client-list.tsx';

/** "Recently deleted" (beyond the spec, issue 18): deleted clients until they are purged, to restore or erase. */
export const Route = createFileRoute('/clients/deleted')({
  beforeLoad: requireLogin,
  // Not awaited: the page shows its table at once and the rows as they come. Offline, they come from the offline copy
  // (loadQuery); not there, the page says so. A failure is the page's to show (useQuery below).
  loader: ({ context: { queryClient } }) => void loadQuery(queryClient, clientQueries.deleted()).catch(() => {}),
  head: () => ({ meta: [{ title: 'Recently deleted · Your Beauty Salon' }] }),
  component: RecentlyDeletedPage,
});

const COLUMNS = ['Name', 'Email', 'Deleted', 'Deleted by'];

function RecentlyDeletedPage() {
  const deleted = useQuery(clientQueries.deleted());
  const owner = useIsOwner();
  return (
    <div className="page">
      <h1 className="page__title">Recently deleted</h1>
      <DataTable
        className="clients-table"
        columns={COLUMNS}
        actions
        message={
          queryStatusMessage(deleted, 'The recently deleted clients could not be loaded.') ??
          (deleted.data?.length === 0 ? 'No recently deleted clients.' : undefined)
        }
      >
        {deleted.data?.map((client) => (
          <DeletedRow key={client._id} client={client} owner={owner} />
        ))}
      </DataTable>
      <p className="page__footer-link">
        <BackToClientList />
      </p>
    </div>
  );
}

/** Restore is everyone's; Erase permanently an owner's (issue 28). */
function DeletedRow({ client, owner }: { client: DeletedClient; owner: boolean }) {
  const restore = useRestoreClient();
  return (
    <tr>
      <td className="clients-table__wrap">{clientName(client)}</td>
      <td>{client.email}</td>
      <td>{formatRegistrationTime(client.deletedAt)}</td>
      <td>{client.deletedBy}</td>
      <td className="clients-table__action">
        <div className="deleted-actions">
          <button
            type="button"
            className="button button--small"
            disabled={restore.isPending}
            onClick={() => restore.mutate(client._id, { onSuccess: (restored) => noticeRestored(restored.client) })}
          >
            Restore
          </button>
          <EraseClientButton client={client} owner={owner} />
          {restore.isError && (
            <p className="form__error" role="alert">
              Could not restore {clientName(client)}. Try again.
            </p>
          )}
        </div>
      </td>
    </tr>
  );
}
