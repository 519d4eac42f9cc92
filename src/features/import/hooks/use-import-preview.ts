import { useMemo, useState } from 'react';
import type { Client } from '#contract/api';
import { importVerdicts, rowsWritten, verdictCounts, type ExistingClients } from '#contract/import';
import { emailKey } from '#contract/text';
import { guessMapping, type ColumnMapping } from '../utils/column-mapping.ts';
import { dateFormsOf, type DateForm } from '../utils/dates.ts';
import { toImportRows } from '../utils/import-rows.ts';
import type { CsvTable } from '../utils/read-file.ts';

/**
 * The import preview's choices (each column's field, the dates' form, what to do with existing clients) and what
 * follows from them: the rows to send, each row's verdict against the client list (undefined while it loads), their
 * counts, and how many clients the import writes.
 */
export function useImportPreview(table: CsvTable, clients: readonly Client[] | undefined) {
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

  return { mapping, setMapping, dateForms, dateForm, setDateForm, existing, setExisting, rows, verdicts, counts, written };
}
