import { useEffect, useId, useRef } from 'react';
import type { ImportSummary } from '#contract/import';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { ApiError } from '../../../lib/api-errors.ts';
import type { FileState } from '../hooks/use-csv-file.ts';
import { importedMessage, undoneMessage } from './import-texts.ts';

/** What the page last did, said in its status line: a file read, written, taken back. */
export type Outcome = { kind: 'imported'; summary: ImportSummary } | { kind: 'undone'; summary: ImportSummary } | null;

type ImportFileProps = {
  file: FileState;
  /** A new key empties the file input. */
  inputKey: number;
  onChoose: (chosen: File | undefined) => void;
  outcome: Outcome;
  /** The undo of an import: pending, or why it failed. */
  undo: { isPending: boolean; error: Error | null };
  onUndo: (importId: string) => void;
};

/** The page's file card: the file input, what the page last did (and "Undo import" right after an import), what went wrong. */
export function ImportFile({ file, inputKey, onChoose, outcome, undo, onUndo }: ImportFileProps) {
  const fileInputId = useId();
  // The button pressed (Import, Undo import) is gone once it has done its work: focus goes to what it did.
  const outcomeText = useRef<HTMLParagraphElement>(null);
  useEffect(() => outcomeText.current?.focus(), [outcome]);
  return (
    <section className="card import-file">
      <div className="form__field">
        <label htmlFor={fileInputId}>CSV file</label>
        <input
          key={inputKey}
          id={fileInputId}
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
          onChange={(event) => onChoose(event.target.files?.[0])}
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
        <button type="button" className="button" disabled={undo.isPending} onClick={() => onUndo(outcome.summary.id)}>
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
  );
}

/** The server's own words for a refused undo: an owner's only (403), gone (404), taken back already (409). */
function isImportRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && [403, 404, 409].includes(error.status);
}
