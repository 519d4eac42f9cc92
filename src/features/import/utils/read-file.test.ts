import { IMPORT_LIMITS } from '#contract/import';
import { IMPORT_FIXTURES, importFixtureFile } from '#tests/fixtures/imports/fixtures.ts';
import { readCsvFile, readFileMessages, type CsvRead } from './read-file.ts';

const HEADER = 'First name,Last name,Email';

const fileOf = (parts: BlobPart[], name = 'clients.csv') => new File(parts, name, { type: 'text/csv' });
const utf16 = (text: string, littleEndian: boolean) => {
  const bytes = new Uint8Array(text.length * 2);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < text.length; index += 1) view.setUint16(index * 2, text.charCodeAt(index), littleEndian);
  return bytes;
};

async function tableOf(file: File) {
  const read: CsvRead = await readCsvFile(file);
  if (!read.ok) throw new Error(`Not read: ${read.message}`);
  return read.table;
}

describe('reading an import file: every encoding', () => {
  const text = `${HEADER}\r\nZoë,O’Brien,zoe@example.com\r\nAiko,佐藤,aiko@example.com\r\n`;
  const records = [
    ['Zoë', 'O’Brien', 'zoe@example.com'],
    ['Aiko', '佐藤', 'aiko@example.com'],
  ];

  it.each([
    ['UTF-8 without a byte-order mark', new TextEncoder().encode(text)],
    ['UTF-8 with a byte-order mark', new TextEncoder().encode(`\uFEFF${text}`)],
    ['UTF-16 LE with a byte-order mark (Excel’s "Unicode text")', utf16(`\uFEFF${text}`, true)],
    ['UTF-16 BE with a byte-order mark', utf16(`\uFEFF${text}`, false)],
    ['UTF-16 LE without a byte-order mark', utf16(text, true)],
    ['UTF-16 BE without a byte-order mark', utf16(text, false)],
  ])('reads %s', async (_encoding, bytes) => {
    const table = await tableOf(fileOf([bytes]));
    expect(table).toEqual({ fileName: 'clients.csv', headers: ['First name', 'Last name', 'Email'], records });
  });

  it('reads windows-1252 (Excel’s plain CSV on Windows) when the file is not valid UTF-8, € and curly quotes included', async () => {
    // "Renée,O’Brien,€ “VIP”" in windows-1252: é = 0xE9, ’ = 0x92, € = 0x80, “ ” = 0x93 0x94.
    const row = [
      0x52, 0x65, 0x6e, 0xe9, 0x65, 0x2c, 0x4f, 0x92, 0x42, 0x72, 0x69, 0x65, 0x6e, 0x2c, 0x80, 0x20, 0x93, 0x56, 0x49, 0x50, 0x94,
    ];
    const bytes = Uint8Array.from([...new TextEncoder().encode('First name,Last name,Note\r\n'), ...row]);
    const table = await tableOf(fileOf([bytes]));
    expect(table.records).toEqual([['Renée', 'O’Brien', '€ “VIP”']]);
  });
});

describe('reading an import file: separators and quoting', () => {
  it.each([
    ['commas', 'First name,Last name,Email\nAna,Silva,ana@example.com\n'],
    ['semicolons', 'First name;Last name;Email\nAna;Silva;ana@example.com\n'],
    ['tabs', 'First name\tLast name\tEmail\nAna\tSilva\tana@example.com\n'],
    ['Excel’s sep= line', 'sep=;\r\nFirst name;Last name;Email\r\nAna;Silva;ana@example.com\r\n'],
  ])('finds the separator by itself: %s', async (_separator, text) => {
    const table = await tableOf(fileOf([text]));
    expect(table.headers).toEqual(['First name', 'Last name', 'Email']);
    expect(table.records).toEqual([['Ana', 'Silva', 'ana@example.com']]);
  });

  it('keeps a quoted field whole: commas, doubled quotes and line breaks inside, CRLF between records', async () => {
    const text = `${HEADER}\r\n"Silva, Ana","Jo ""JJ"" Baker","line one\r\nline two"\r\nBea,Lima,bea@example.com\r\n`;
    const table = await tableOf(fileOf([text]));
    expect(table.records).toEqual([
      ['Silva, Ana', 'Jo "JJ" Baker', 'line one\r\nline two'],
      ['Bea', 'Lima', 'bea@example.com'],
    ]);
  });

  it('trims the headers, skips fully empty lines, and keeps cells as written', async () => {
    const text = ` First name ,\tLast name, Email\n\n,,\n  Ana , Silva ,ana@example.com\n   \nBea,Lima\n`;
    const table = await tableOf(fileOf([text]));
    expect(table.headers).toEqual(['First name', 'Last name', 'Email']);
    expect(table.records).toEqual([
      ['  Ana ', ' Silva ', 'ana@example.com'],
      ['Bea', 'Lima'],
    ]);
  });

  it('refuses a quote that is never closed, naming its row, rather than swallowing the rest of the file', async () => {
    const text = `${HEADER}\nAna,Silva,ana@example.com\n"Bea,Lima,bea@example.com\nCara,Reis,cara@example.com\n`;
    expect(await readCsvFile(fileOf([text]))).toEqual({ ok: false, message: readFileMessages.unclosedQuote(3) });
    expect(readFileMessages.unclosedQuote(3)).toBe('This file could not be read: a quote in row 3 is never closed.');
  });
});

describe('reading an import file: limits and empty files', () => {
  const MEGABYTE = new Blob([new Uint8Array(1024 * 1024)]);

  it('refuses a file over 10 MB before reading a byte of it', async () => {
    // A File's size is its parts': the same 1 MB part eleven times, and one byte more than the limit.
    const file = fileOf([...Array.from({ length: 10 }, () => MEGABYTE), 'x']);
    expect(file.size).toBe(IMPORT_LIMITS.bytes + 1);
    const read = vi.spyOn(file, 'arrayBuffer');
    expect(await readCsvFile(file)).toEqual({ ok: false, message: 'This file is larger than 10 MB. Split it into smaller files.' });
    expect(read).not.toHaveBeenCalled();
  });

  it('reads a file of 10 MB exactly', async () => {
    // Two clients, and a last line of spaces up to the limit: a blank line, skipped.
    const text = `${HEADER}\nAna,Silva,ana@example.com\nBea,Lima,bea@example.com\n`;
    const spaces = new Blob([new Uint8Array(1024 * 1024).fill(0x20)]);
    const rest = new Uint8Array(IMPORT_LIMITS.bytes - spaces.size * 9 - text.length).fill(0x20);
    const file = fileOf([text, ...Array.from({ length: 9 }, () => spaces), rest]);
    expect(file.size).toBe(IMPORT_LIMITS.bytes);
    expect((await tableOf(file)).records).toEqual([
      ['Ana', 'Silva', 'ana@example.com'],
      ['Bea', 'Lima', 'bea@example.com'],
    ]);
  });

  it('refuses more than 50,000 rows, and reads 50,000', async () => {
    const rows = (count: number) => `${HEADER}\n${'Ana,Silva,ana@example.com\n'.repeat(count)}`;
    expect(await readCsvFile(fileOf([rows(IMPORT_LIMITS.rows + 1)]))).toEqual({
      ok: false,
      message: 'This file has more than 50,000 rows. Split it into smaller files.',
    });
    expect((await tableOf(fileOf([rows(IMPORT_LIMITS.rows)]))).records).toHaveLength(50_000);
  });

  it.each([
    ['an empty file', '', readFileMessages.empty],
    ['a file of blank lines and a byte-order mark', '\uFEFF\r\n\r\n  \r\n', readFileMessages.empty],
    ['a header alone', `${HEADER}\r\n`, readFileMessages.headerOnly],
    ['a header and blank lines', `${HEADER}\r\n\r\n,,\r\n`, readFileMessages.headerOnly],
  ])('says so for %s', async (_file, text, message) => {
    expect(await readCsvFile(fileOf([text]))).toEqual({ ok: false, message });
  });

  it('says so when the file cannot be read any more', async () => {
    const file = fileOf(['a,b\n1,2\n']);
    vi.spyOn(file, 'arrayBuffer').mockRejectedValue(new DOMException('The file was moved', 'NotReadableError'));
    expect(await readCsvFile(file)).toEqual({ ok: false, message: 'This file could not be read. Choose it again.' });
  });
});

describe('reading an import file: the example files (tests/fixtures/imports)', () => {
  it.each(IMPORT_FIXTURES.map((fixture) => [fixture.name, fixture.verdicts.length] as const))(
    'reads %s: its %i records',
    async (name, count) => {
      const table = await tableOf(importFixtureFile(name));
      expect(table.fileName).toBe(name);
      expect(table.records).toHaveLength(count);
    },
  );

  it('reads the same sheet from Excel’s CSV UTF-8 and from its Unicode text', async () => {
    const [utf8, utf16le] = await Promise.all(
      ['spreadsheet-utf8-bom.csv', 'spreadsheet-utf16le.txt'].map((name) => tableOf(importFixtureFile(name))),
    );
    expect(utf16le?.headers).toEqual(['First name', 'Last name', 'Email', 'Registration date and time']);
    expect(utf16le?.records).toEqual(utf8?.records);
    expect(utf16le?.records).toContainEqual(['Aiko', '佐藤', 'aiko.sato@example.com', '2024-05-09 12:30']);
  });

  it('reads the semicolon file in windows-1252, a quoted ; kept in its cell', async () => {
    const table = await tableOf(importFixtureFile('semicolon-day-first.csv'));
    expect(table.headers).toEqual(['First Name', 'Surname', 'E-mail', 'Date added']);
    expect(table.records[1]).toEqual(['Jürgen', 'Weiß', 'juergen.weiss@example.com', '03/04/2024 14:15']);
    expect(table.records[4]).toEqual(['Éloïse', 'Lefèvre; née Roux', 'eloise.lefevre@example.com', '09.10.2024']);
  });

  it('reads the suite’s tab-separated export with its own columns', async () => {
    const table = await tableOf(importFixtureFile('suite-export.csv'));
    expect(table.headers).toEqual(['Client ID', 'Name', 'Email Address', 'Mobile Number', 'Client Since', 'Total Visits']);
    expect(table.records[1]).toEqual([
      'C-1002',
      'Sienna Rose Carter',
      'sienna.carter@example.com',
      '+1 555 0102',
      '04/02/2023 2:45 PM',
      '3',
    ]);
  });

  it('reads the file of bad rows: quotes, a line break in a cell, a short row, a blank line skipped', async () => {
    const table = await tableOf(importFixtureFile('errors.csv'));
    expect(table.records[6]).toEqual(['Rose, Mary', 'Quinn', 'rose.quinn@example.com', '2024-05-04 10:00']);
    expect(table.records[7]).toEqual(['Jo "JJ"', 'Baker', 'jo.baker@example.com', '']);
    expect(table.records[9]?.[0]).toBe('Eve\r\nLine');
    expect(table.records[10]).toEqual(['Tom', 'Baker']);
    expect(table.records[11]?.[2]).toBe('sam.nolan@example.com');
  });
});
