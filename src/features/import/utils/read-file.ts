/**
 * Reading an import file in the browser (issue 29): what salons really have, from a spreadsheet or another suite's
 * export. Papa Parse splits the text, on the page's own thread: its worker mode starts from a blob: URL, which the
 * site's Content-Security-Policy (`worker-src 'self'`, server/plugins/security-headers.ts) refuses.
 */
import Papa from 'papaparse';
import { IMPORT_LIMITS } from '#contract/import';

/** The file as rows of text: its header row (trimmed), then each record's cells as written. */
export type CsvTable = { fileName: string; headers: string[]; records: string[][] };

export type CsvRead = { ok: true; table: CsvTable } | { ok: false; message: string };

const MEGABYTES = IMPORT_LIMITS.bytes / (1024 * 1024);

export const readFileMessages = {
  tooLarge: `This file is larger than ${MEGABYTES} MB. Split it into smaller files.`,
  tooManyRows: `This file has more than ${IMPORT_LIMITS.rows.toLocaleString('en-US')} rows. Split it into smaller files.`,
  empty: 'This file is empty.',
  headerOnly: 'This file has only a header row, and no clients.',
  unreadable: 'This file could not be read. Choose it again.',
  unclosedQuote: (row: number) => `This file could not be read: a quote in row ${row} is never closed.`,
} as const;

/** The separators files use: `,`, `;` (spreadsheets where the decimal mark is a comma) and tab (Excel's "Unicode text"). */
const SEPARATORS = [',', ';', '\t'];

/** Excel's hint on a file's first line (`sep=;`): the separator, said rather than guessed. */
const SEPARATOR_HINT = /^sep=([,;\t|])\r?\n/i;

export async function readCsvFile(file: File): Promise<CsvRead> {
  // The size is known without reading a byte: a file too large is refused before it is read.
  if (file.size > IMPORT_LIMITS.bytes) return { ok: false, message: readFileMessages.tooLarge };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    // The file was moved or deleted after it was chosen.
    return { ok: false, message: readFileMessages.unreadable };
  }
  return parseCsvText(file.name, decodeText(bytes));
}

/**
 * The file's text. A byte-order mark says the encoding (UTF-8, or UTF-16 LE/BE from Excel's "Unicode text"); without
 * one, UTF-16 shows as a zero byte beside each ASCII character, and anything else is UTF-8 unless it is not valid
 * UTF-8: then windows-1252, what Excel on Windows writes as "CSV" (and a superset of Latin-1).
 */
function decodeText(bytes: Uint8Array): string {
  const encoding = encodingOf(bytes);
  if (encoding !== 'utf-8') return new TextDecoder(encoding).decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes).replace(/[\u0080-\u009f]/g, (control) => WINDOWS_1252[control] ?? control);
  }
}

/**
 * windows-1252's bytes 0x80-0x9F (€, ’, “ ”, –, …), which Node's TextDecoder reads as Latin-1's C1 controls
 * (nodejs/node#56542; browsers are right): mapped after decoding, so that the tests and the benchmarks, in Node, read
 * what a browser reads. The five bytes windows-1252 leaves undefined stay C1 controls, as in the WHATWG standard.
 */
const WINDOWS_1252: Partial<Record<string, string>> = Object.fromEntries(
  [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'].map((character, index) => [
    String.fromCharCode(0x80 + index),
    character,
  ]),
);

function encodingOf(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  const [first, second, third, fourth] = bytes;
  if (first === 0xef && second === 0xbb && third === 0xbf) return 'utf-8';
  if (first === 0xff && second === 0xfe) return 'utf-16le';
  if (first === 0xfe && second === 0xff) return 'utf-16be';
  if (first !== 0 && second === 0 && third !== 0 && fourth === 0) return 'utf-16le';
  if (first === 0 && second !== 0 && third === 0 && fourth !== 0) return 'utf-16be';
  return 'utf-8';
}

/** The decoded text as a table: separator guessed, quoted fields kept whole, blank lines skipped. */
function parseCsvText(fileName: string, text: string): CsvRead {
  const hint = SEPARATOR_HINT.exec(text);
  const { data, errors } = Papa.parse(hint ? text.slice(hint[0].length) : text, {
    delimiter: hint?.[1] ?? '',
    delimitersToGuess: SEPARATORS,
    skipEmptyLines: 'greedy',
  });
  // A quote never closed swallows the rest of the file into one cell: said, rather than shown as one odd client.
  const unclosed = errors.find((error) => error.code === 'MissingQuotes');
  if (unclosed) return { ok: false, message: readFileMessages.unclosedQuote((unclosed.row ?? 0) + 1) };
  const [header, ...records] = data;
  if (header === undefined) return { ok: false, message: readFileMessages.empty };
  if (records.length === 0) return { ok: false, message: readFileMessages.headerOnly };
  if (records.length > IMPORT_LIMITS.rows) return { ok: false, message: readFileMessages.tooManyRows };
  return { ok: true, table: { fileName, headers: header.map((name) => name.trim()), records } };
}
