import { useQuery } from '@tanstack/react-query';

import { useEffect, useId, useRef, useState } from 'react';
import type { ImportSummary } from '#contract/import';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { isRefusedToStaff, OwnerOnlyNotice } from '../../../components/owner-only.tsx';
import { ApiError } from '../../../lib/api-errors.ts';
import { clientQueries } from '../../clients/api/client-queries.ts';
import { importsQuery, useUndoImport } from '../api/imports.ts';
import { readCsvFile, type CsvTable } from '../utils/read-file.ts';
import { ImportPreview } from './import-preview.tsx';
import { RecentImports } from './recent-imports.tsx';
import { importedMessage, undoneMessage } from './import-texts.ts';
import './import.css';
import { BackToClientList } from '../../clients/components/back-to-client-list.tsx';

/** What the page last did, said in its status line: a file read, written, taken back. */
type Outcome = { kind: 'imported'; summary: ImportSummary } | { kind: 'undone'; summary: ImportSummary } | null;

/** The chosen file: none, being read, unreadable (why), or read (`reads` counts them: each read starts a fresh preview). */
type FileState =
  { name: 'none' } | { name: 'reading' } | { name: 'unreadable'; message: string } | { name: 'read'; table: CsvTable; reads: number };

/**
 * "Import clients" (issue 29), owners only: a CSV file read in the browser, its columns mapped, every row's verdict
 * previewed against the client list, then written in one batch, which can be taken back.
 */
export function ImportPage() {
  const imports = useQuery(importsQuery());
  const clients = useQuery(clientQueries.list());
  const undo = useUndoImport();
  const [file, setFile] = useState<FileState>({ name: 'none' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  // A new key empties the file input once its rows were imported.
  const [inputKey, setInputKey] = useState(0);
  const fileInputId = useId();
  const reads = useRef(0);
  // The button pressed (Import, Undo import) is gone once it has done its work: focus goes to what it did.
  const outcomeText = useRef<HTMLParagraphElement>(null);
  useEffect(() => outcomeText.current?.focus(), [outcome]);

  if (isRefusedToStaff(imports.error)) {
    return (
      <div className="page">
        <h1 className="page__title">Import clients</h1>
        <OwnerOnlyNotice />
      </div>
    );
  }

  const choose = async (chosen: File | undefined) => {
    setOutcome(null);
    undo.reset();
    if (!chosen) {
      setFile({ name: 'none' });
      return;
    }
    setFile({ name: 'reading' });
    const read = await readCsvFile(chosen);
    reads.current += 1;
    setFile(read.ok ? { name: 'read', table: read.table, reads: reads.current } : { name: 'unreadable', message: read.message });
  };

  const undoImport = (importId: string) => undo.mutate(importId, { onSuccess: (summary) => setOutcome({ kind: 'undone', summary }) });

  return (
    <div className="page import-page">
      <h1 className="page__title">Import clients</h1>
      <section className="card import-file">
        <div className="form__field">
          <label htmlFor={fileInputId}>CSV file</label>
          <input
            key={inputKey}
            id={fileInputId}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </div>
        <div role="status" className="import-file__status">
          {file.name === 'reading' && <p>Reading the file…</p>}
          {outcome && (
            <p ref={outcomeText} tabIndex={-1} className="import-file__outcome">
              {outcome.kind === 'imported' ? importedMessage(outcome.summary) : undoneMessage(outcome.summary)}
            </p>
          )}
        </div>
        {outcome?.kind === 'imported' && (
          <button type="button" className="button" disabled={undo.isPending} onClick={() => undoImport(outcome.summary.id)}>
            Undo import
          </button>
        )}
        {file.name === 'unreadable' && (
          <p className="form__error" role="alert">
            {file.message}
          </p>
        )}
        <ActionFailure error={undo.error} failed="The import could not be undone" serverSays={isImportRefusal} />
      </section>

      {file.name === 'read' && (
        <ImportPreview
          key={file.reads}
          table={file.table}
          clients={clients.data}
          clientsFailed={clients.isError}
          onImported={(summary) => {
            setOutcome({ kind: 'imported', summary });
            setFile({ name: 'none' });
            setInputKey((key) => key + 1);
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

/** The server's own words for a refused undo: an owner's only (403), gone (404), taken back already (409). */
function isImportRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && [403, 404, 409].includes(error.status);
}
