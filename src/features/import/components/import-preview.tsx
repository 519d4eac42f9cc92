import type { Client } from '#contract/api';
import type { ImportSummary } from '#contract/import';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { useImportClients } from '../api/imports.ts';
import { useImportPreview } from '../hooks/use-import-preview.ts';
import type { CsvTable } from '../utils/read-file.ts';
import { ColumnMappingFields } from './column-mapping-fields.tsx';
import { DateFormQuestion } from './date-form-question.tsx';
import { ExistingClientsQuestion } from './existing-clients-question.tsx';
import { formatCount } from './import-texts.ts';
import { VerdictTable } from './verdict-table.tsx';

type ImportPreviewProps = {
  table: CsvTable;
  /** The client list the verdicts are found against; undefined while it loads. */
  clients: readonly Client[] | undefined;
  clientsFailed: boolean;
  onImported: (summary: ImportSummary) => void;
};

/** The file's columns mapped, its dates' form, what to do with existing clients, and every row's verdict. */
export function ImportPreview({ table, clients, clientsFailed, onImported }: ImportPreviewProps) {
  const save = useImportClients();
  const preview = useImportPreview(table, clients);
  const { verdicts, counts, written } = preview;
  const importRows = () =>
    save.mutate(
      { fileName: table.fileName, existing: preview.existing, rows: preview.rows },
      { onSuccess: (summary) => onImported(summary) },
    );

  return (
    <section className="card import-preview" aria-labelledby="import-preview-title">
      <h2 id="import-preview-title" className="import-preview__title">
        {table.fileName}: {formatCount(table.records.length)} {table.records.length === 1 ? 'row' : 'rows'}
      </h2>
      <ColumnMappingFields headers={table.headers} mapping={preview.mapping} onChange={preview.setMapping} />
      {preview.dateForms.length > 1 && (
        <DateFormQuestion forms={preview.dateForms} value={preview.dateForm} onChange={preview.setDateForm} />
      )}
      <ExistingClientsQuestion value={preview.existing} onChange={preview.setExisting} />

      {verdicts && counts ? (
        <VerdictTable rows={preview.rows} verdicts={verdicts} counts={counts} />
      ) : (
        <p role="status">{clientsFailed ? 'The client list could not be loaded, so the rows cannot be checked.' : 'Checking the rows…'}</p>
      )}

      <div className="import-preview__actions">
        <button type="button" className="button button--primary" disabled={written === 0 || save.isPending} onClick={importRows}>
          Import {formatCount(written)} {written === 1 ? 'client' : 'clients'}
        </button>
        {save.isPending && <p role="status">Importing…</p>}
      </div>
      <ActionFailure error={save.error} failed="The clients could not be imported" />
    </section>
  );
}
