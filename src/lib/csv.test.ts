import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, csvText } from './csv.ts';

describe('CSV files', () => {
  it('start with a byte-order mark and the header row, one CRLF-ended row each', () => {
    expect(
      csvText(
        ['A', 'B'],
        [
          ['1', 'Lucía'],
          ['2', ''],
        ],
      ),
    ).toBe('\uFEFFA,B\r\n1,Lucía\r\n2,\r\n');
  });

  it('quote cells holding a comma, a quote or a line break, doubling quotes (RFC 4180)', () => {
    expect(csvCell('Smith, Jr.')).toBe('"Smith, Jr."');
    expect(csvCell('The "Rose"')).toBe('"The ""Rose"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell("O'Neill")).toBe("O'Neill");
  });

  it.each(['=1+1', '+44 20', '-2', '@SUM(A1)', '\tx', '\rx'])('defuse a cell that starts like a formula: %j', (value) => {
    const cell = csvCell(value);
    expect(cell.replace(/^"/, '').startsWith(`'${value[0]}`)).toBe(true);
  });

  it('are named after the local date', () => {
    expect(csvFileName('clients', new Date(2026, 0, 5, 23, 59))).toBe('clients-2026-01-05.csv');
    expect(csvFileName('audit-trail', new Date(2026, 11, 31, 0, 1))).toBe('audit-trail-2026-12-31.csv');
  });
});
