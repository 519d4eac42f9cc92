// The client list as a CSV file (the cells, the file and its download: lib/csv.ts).
import type { Client } from '#contract/api';
import { csvFileName, csvText, downloadCsv } from '../../../lib/csv.ts';
import { formatRegistrationTime } from './date-time.ts';

const HEADER = ['First Name', 'Last Name', 'Email', 'Registration Time'];

export function clientsCsv(clients: readonly Client[]): string {
  const rows = clients.map((client) => [
    client.firstName,
    client.lastName,
    client.email,
    formatRegistrationTime(client.registrationDateTime),
  ]);
  return csvText(HEADER, rows);
}

/** clients-YYYY-MM-DD.csv, on the salon's local date. */
export function downloadClientsCsv(clients: readonly Client[]): void {
  downloadCsv(clientsCsv(clients), csvFileName('clients'));
}
