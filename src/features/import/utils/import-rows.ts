/**
 * The file's records as the import's rows (contract/import.ts's ImportRow): what the preview judges with
 * `importVerdicts` and what POST /api/imports sends. Nothing is judged here: a missing cell is an empty text, a date
 * that does not read in the chosen form is sent as written, and the contract's rules then say what is wrong.
 */
import type { ImportRow } from '#contract/import';
import type { ColumnMapping, ImportField } from './column-mapping.ts';
import { toDateTimeText, type DateForm } from './dates.ts';
import type { CsvTable } from './read-file.ts';

/**
 * Export CSV (src/lib/csv.ts) puts a `'` before a cell that starts like a formula (`=`, `+`, `-`, `@`, tab, CR), so
 * that a spreadsheet does not run it: the import takes it off again, and an exported list comes back as it was.
 */
const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;

export function toImportRows(table: CsvTable, mapping: ColumnMapping, dateForm: DateForm): ImportRow[] {
  const columnOf = (field: ImportField) => mapping.indexOf(field);
  const columns = {
    firstName: columnOf('firstName'),
    lastName: columnOf('lastName'),
    email: columnOf('email'),
    registrationDateTime: columnOf('registrationDateTime'),
    fullName: columnOf('fullName'),
  };
  return table.records.map((record) => {
    const cell = (column: number) => (column < 0 ? '' : (record[column] ?? '').replace(FORMULA_GUARD, ''));
    // "Name" split in two: the first word is the first name, the rest the last name.
    const [first = '', ...rest] = cell(columns.fullName).trim().split(/\s+/);
    const row: ImportRow = {
      firstName: columns.firstName >= 0 ? cell(columns.firstName) : first,
      lastName: columns.lastName >= 0 ? cell(columns.lastName) : rest.join(' '),
      email: cell(columns.email),
    };
    const date = cell(columns.registrationDateTime).trim();
    // No date: the import's time (contract/import.ts, importVerdicts).
    if (date !== '') row.registrationDateTime = toDateTimeText(date, dateForm) ?? date;
    return row;
  });
}
