import { describe, expect, it } from 'vitest';
import { clientsCsv } from './clients-csv.ts';

describe('the client list as CSV', () => {
  it('starts with a byte-order mark and the header row, one CRLF-ended row per client, the time in the table’s form', () => {
    const csv = clientsCsv([
      { _id: 'a', firstName: 'Lucía', lastName: 'Núñez', email: 'lucia@example.com', registrationDateTime: '2024-05-01T12:30:45.000Z' },
      { _id: 'b', firstName: '=HYPERLINK("x")', lastName: 'Smith, Jr.', email: 'b@example.com', registrationDateTime: '2024-05-02T08:00' },
    ]);
    expect(csv).toBe(
      '\uFEFFFirst Name,Last Name,Email,Registration Time\r\n' +
        'Lucía,Núñez,lucia@example.com,2024-05-01 12:30\r\n' +
        '"\'=HYPERLINK(""x"")","Smith, Jr.",b@example.com,2024-05-02 08:00\r\n',
    );
  });
});
