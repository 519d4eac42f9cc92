// The client list as a CSV file: RFC 4180, UTF-8 with a byte-order mark (accents show right in spreadsheets),
// and no cell a spreadsheet would run as a formula.
import type { Client } from '#contract/api';
import { formatRegistrationTime } from './date-time.ts';

const HEADER = ['First Name', 'Last Name', 'Email', 'Registration Time'];
const BYTE_ORDER_MARK = '\uFEFF';

/** A cell starting like a formula gets a leading ' (OWASP's advice against CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function clientsCsv(clients: readonly Client[]): string {
  const rows = clients.map((client) => [
    client.firstName,
    client.lastName,
    client.email,
    formatRegistrationTime(client.registrationDateTime),
  ]);
  return BYTE_ORDER_MARK + [HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** clients-YYYY-MM-DD.csv, on the salon's local date. */
export function csvFileName(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `clients-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Hands the file to the browser as a download; nothing leaves the page. */
export function downloadClientsCsv(clients: readonly Client[]): void {
  const url = URL.createObjectURL(new Blob([clientsCsv(clients)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName();
  link.click();
  URL.revokeObjectURL(url);
}
