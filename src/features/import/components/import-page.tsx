import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isRefusedToStaff, OwnerOnlyNotice } from '../../../components/owner-only.tsx';
import { clientQueries } from '../../clients/api/client-queries.ts';
import { BackToClientList } from '../../clients/components/back-to-client-list.tsx';
import { importsQuery, useUndoImport } from '../api/imports.ts';
import { useCsvFile } from '../hooks/use-csv-file.ts';
import { ImportFile, type Outcome } from './import-file.tsx';
import { ImportPreview } from './import-preview.tsx';
import { RecentImports } from './recent-imports.tsx';
import './import.css';

/**
 * "Import clients" (issue 29), owners only: a CSV file read in the browser, its columns mapped, every row's verdict
 * previewed against the client list, then written in one batch, which can be taken back.
 */
export function ImportPage() {
  const imports = useQuery(importsQuery());
  const clients = useQuery(clientQueries.list());
  const undo = useUndoImport();
  const { file, inputKey, choose, clear } = useCsvFile();
  const [outcome, setOutcome] = useState<Outcome>(null);

  if (isRefusedToStaff(imports.error)) {
    return (
      <div className="page">
        <h1 className="page__title">Import clients</h1>
        <OwnerOnlyNotice />
      </div>
    );
  }

  const chooseFile = (chosen: File | undefined) => {
    setOutcome(null);
    undo.reset();
    void choose(chosen);
  };
  const undoImport = (importId: string) => undo.mutate(importId, { onSuccess: (summary) => setOutcome({ kind: 'undone', summary }) });

  return (
    <div className="page import-page">
      <h1 className="page__title">Import clients</h1>
      <ImportFile file={file} inputKey={inputKey} onChoose={chooseFile} outcome={outcome} undo={undo} onUndo={undoImport} />

      {file.name === 'read' && (
        <ImportPreview
          key={file.reads}
          table={file.table}
          clients={clients.data}
          clientsFailed={clients.isError}
          onImported={(summary) => {
            setOutcome({ kind: 'imported', summary });
            clear();
          }}
        />
      )}

      <RecentImports imports={imports} undoing={undo.isPending} onUndo={undoImport} />

      <p className="page__footer-link">
        <BackToClientList />
      </p>
    </div>
  );
}
