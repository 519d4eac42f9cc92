import { useNavigate } from '@tanstack/react-router';
import type { Client } from '#contract/api';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { useExportClient } from '../api/export-client.ts';
import { lastListView } from '../utils/last-list-view.ts';
import { ClientHistory, type HistoryEntryDetails } from './client-history.tsx';
import { EraseClientButton } from './erase-client-button.tsx';

type ClientDataProps = {
  client: Client;
  owner: boolean;
  /** What the route shows under an entry of the history (client-history.tsx). */
  historyEntryDetails?: HistoryEntryDetails;
};

/**
 * Below the edit form: what is held about the client (GDPR articles 15, 17 and 20): its history, and for an owner
 * (issue 28; `owner` is false while the role is not known) its export and erasure.
 */
export function ClientData({ client, owner, historyEntryDetails }: ClientDataProps) {
  const navigate = useNavigate();
  const exportData = useExportClient();
  return (
    <>
      <div className="client-data">
        {owner && (
          <button
            type="button"
            className="button button--small"
            onClick={() => exportData.mutate(client._id)}
            disabled={exportData.isPending}
          >
            Export data
          </button>
        )}
        <EraseClientButton
          client={client}
          owner={owner}
          onErased={() => void navigate({ to: '/clients', search: lastListView(), ignoreBlocker: true })}
        />
        {/* Also once a 403 has hidden the button: the server's reason stays where the action was. */}
        <ActionFailure error={exportData.error} failed="The data could not be exported" />
      </div>
      <ClientHistory clientId={client._id} entryDetails={historyEntryDetails} />
    </>
  );
}
