import { describe, expect, it } from 'vitest';
import { clientsCsv, csvCell, csvFileName } from './clients-csv.ts';

describe('CSV export', () => {
  it('starts with a byte-order mark and the header row, one CRLF-ended row per client, the time in the table’s form', () => {
    const csv = clientsCsv([
      { _id: 'a', firstName: 'Lucía', lastName: 'Núñez', email: 'lucia@example.com', registrationDateTime: '2024-05-01T12:30:45.000Z' },
    ]);
    expect(csv).toBe('\uFEFFFirst Name,Last Name,Email,Registration Time\r\nLucía,Núñez,lucia@example.com,2024-05-01 12:30\r\n');
  });

  it('quotes cells holding a comma, a quote or a line break, doubling quotes (RFC 4180)', () => {
    expect(csvCell('Smith, Jr.')).toBe('"Smith, Jr."');
    expect(csvCell('The "Rose"')).toBe('"The ""Rose"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell("O'Neill")).toBe("O'Neill");
  });

  it.each(['=1+1', '+44 20', '-2', '@SUM(A1)', '\tx', '\rx'])('defuses a cell that starts like a formula: %j', (value) => {
    const cell = csvCell(value);
    expect(cell.replace(/^"/, '').startsWith(`'${value[0]}`)).toBe(true);
  });

  it('is named after the local date', () => {
    expect(csvFileName(new Date(2026, 0, 5, 23, 59))).toBe('clients-2026-01-05.csv');
  });
});
