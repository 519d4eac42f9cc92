import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Client } from '#contract/api';
import { downloadClientExport } from '../api/export-client.ts';
import { lastListView } from '../utils/last-list-view.ts';
import { ClientHistory } from './client-history.tsx';
import { EraseClientButton } from './erase-client-button.tsx';

/** Below the edit form: what is held about the client (GDPR articles 15, 17 and 20): its history, export and erasure. */
export function ClientData({ client }: { client: Client }) {
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const exportData = () => {
    setExporting(true);
    setExportFailed(false);
    downloadClientExport(client._id)
      .catch(() => setExportFailed(true))
      .finally(() => setExporting(false));
  };
  return (
    <>
      <div className="client-data">
        <button type="button" className="button button--small" onClick={exportData} disabled={exporting}>
          Export data
        </button>
        <EraseClientButton
          client={client}
          onErased={() => void navigate({ to: '/clients', search: lastListView(), ignoreBlocker: true })}
        />
        {exportFailed && (
          <p className="form__error" role="alert">
            The data could not be exported. Try again.
          </p>
        )}
      </div>
      <ClientHistory clientId={client._id} />
    </>
  );
}
