import { useId, useMemo, useState } from 'react';
import type { Client } from '#contract/api';
import { importVerdicts, rowsWritten, verdictCounts, type ExistingClients, type ImportSummary } from '#contract/import';
import { emailKey } from '#contract/text';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { useImportClients } from '../api/imports.ts';
import { assignColumn, guessMapping, IMPORT_FIELD_LABELS, type ColumnMapping, type ImportField } from '../utils/column-mapping.ts';
import { dateFormsOf, type DateForm } from '../utils/dates.ts';
import { toImportRows } from '../utils/import-rows.ts';
import type { CsvTable } from '../utils/read-file.ts';
import { formatCount } from './import-texts.ts';
import { VerdictTable } from './verdict-table.tsx';

const FIELDS = Object.entries(IMPORT_FIELD_LABELS) as Array<[ImportField, string]>;
const NOT_IMPORTED = '';

const DATE_FORMS: Record<DateForm, string> = {
  iso: 'Year first: 2024-12-31',
  'day-first': 'Day first: 31/12/2024',
  'month-first': 'Month first: 12/31/2024',
};

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
  const [mapping, setMapping] = useState<ColumnMapping>(() => guessMapping(table.headers));
  const [chosenDateForm, setDateForm] = useState<DateForm | null>(null);
  const [existing, setExisting] = useState<ExistingClients>('skip');
  // When the preview opened: the registration time of rows without one, as the server will give them.
  const [openedAt] = useState(() => new Date().toISOString());

  const dateColumn = mapping.indexOf('registrationDateTime');
  const dateForms = useMemo(
    () => (dateColumn === -1 ? [] : dateFormsOf(table.records.map((record) => record[dateColumn] ?? ''))),
    [table, dateColumn],
  );
  const dateForm = chosenDateForm !== null && dateForms.includes(chosenDateForm) ? chosenDateForm : (dateForms[0] ?? 'iso');
  const rows = useMemo(() => toImportRows(table, mapping, dateForm), [table, mapping, dateForm]);
  const verdicts = useMemo(() => {
    if (!clients) return undefined;
    // The list is in registration order: the first client with an email is the one registered first.
    const byEmail = new Map<string, string>();
    for (const client of clients) if (!byEmail.has(emailKey(client.email))) byEmail.set(emailKey(client.email), client._id);
    return importVerdicts(rows, (key) => byEmail.get(key), openedAt);
  }, [rows, clients, openedAt]);
  const counts = useMemo(() => verdicts && verdictCounts(verdicts), [verdicts]);
  const written = counts ? rowsWritten(counts, existing) : 0;

  const importRows = () => save.mutate({ fileName: table.fileName, existing, rows }, { onSuccess: (summary) => onImported(summary) });

  return (
    <section className="card import-preview" aria-labelledby="import-preview-title">
      <h2 id="import-preview-title" className="import-preview__title">
        {table.fileName}: {formatCount(table.records.length)} {table.records.length === 1 ? 'row' : 'rows'}
      </h2>
      <ColumnMappingFields headers={table.headers} mapping={mapping} onChange={setMapping} />
      {dateForms.length > 1 && <DateFormQuestion forms={dateForms} value={dateForm} onChange={setDateForm} />}
      <fieldset className="form__fieldset">
        <legend>Clients already in the list</legend>
        <Radio name="import-existing" checked={existing === 'skip'} onChange={() => setExisting('skip')} label="Skip them" />
        <Radio name="import-existing" checked={existing === 'update'} onChange={() => setExisting('update')} label="Update them" />
      </fieldset>

      {verdicts && counts ? (
        <VerdictTable rows={rows} verdicts={verdicts} counts={counts} />
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

function ColumnMappingFields({
  headers,
  mapping,
  onChange,
}: {
  headers: readonly string[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}) {
  const id = useId();
  return (
    <fieldset className="form__fieldset import-preview__mapping">
      <legend>What each column holds</legend>
      {headers.map((header, column) => (
        <div className="form__field" key={column}>
          <label htmlFor={`${id}-${column}`}>{header.trim() === '' ? `Column ${column + 1}` : header}</label>
          <select
            id={`${id}-${column}`}
            value={mapping[column] ?? NOT_IMPORTED}
            onChange={(event) => onChange(assignColumn(mapping, column, (event.target.value || null) as ImportField | null))}
          >
            <option value={NOT_IMPORTED}>Not imported</option>
            {FIELDS.map(([field, label]) => (
              <option key={field} value={field}>
                {label}
              </option>
            ))}
          </select>
        </div>
      ))}
    </fieldset>
  );
}

/** Asked only when the file's dates fit more than one form (01/02/2024: January or February?). */
function DateFormQuestion({ forms, value, onChange }: { forms: readonly DateForm[]; value: DateForm; onChange: (form: DateForm) => void }) {
  return (
    <fieldset className="form__fieldset">
      <legend>How are the dates written?</legend>
      {forms.map((form) => (
        <Radio key={form} name="import-date-form" checked={value === form} onChange={() => onChange(form)} label={DATE_FORMS[form]} />
      ))}
    </fieldset>
  );
}

function Radio({ name, label, checked, onChange }: { name: string; label: string; checked: boolean; onChange: () => void }) {
  return (
    <label className="form__radio">
      <input type="radio" name={name} checked={checked} onChange={onChange} /> {label}
    </label>
  );
}
