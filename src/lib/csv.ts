// CSV files the staff pages export (the client list, the audit trail): RFC 4180, UTF-8 with a byte-order mark
// (accents show right in spreadsheets), and no cell a spreadsheet would run as a formula.
import { localDate } from './local-time.ts';

const BYTE_ORDER_MARK = '\uFEFF';

/** A cell starting like a formula gets a leading ' (OWASP's advice against CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The whole file: the header row, then one CRLF-ended row each. */
export function csvText(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return BYTE_ORDER_MARK + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** `{name}-YYYY-MM-DD.csv`, on the salon's local date. */
export function csvFileName(name: string, now = new Date()): string {
  return `${name}-${localDate(now)}.csv`;
}

/** Hands the file to the browser as a download; nothing leaves the page. */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
