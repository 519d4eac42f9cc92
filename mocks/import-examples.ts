/**
 * `salonMock.loadExample('errors')`: one of the import's example files (tests/fixtures/imports) chosen on
 * /clients/import, as if the tester had picked it, so that every verdict can be seen without making a file. The page
 * knows nothing of it: the file is put into the page's "CSV file" input, which then reads it as any chosen file.
 */
import errorsUrl from '#tests/fixtures/imports/errors.csv?url';
import spreadsheetUrl from '#tests/fixtures/imports/spreadsheet-utf8-bom.csv?url';
import suiteExportUrl from '#tests/fixtures/imports/suite-export.csv?url';

/** Each kind of file salons bring: a spreadsheet, another suite's export, and one with every kind of bad row. */
const EXAMPLES = {
  spreadsheet: { url: spreadsheetUrl, fileName: 'spreadsheet-utf8-bom.csv' },
  'suite-export': { url: suiteExportUrl, fileName: 'suite-export.csv' },
  errors: { url: errorsUrl, fileName: 'errors.csv' },
} as const;

export type ImportExample = keyof typeof EXAMPLES;

const IMPORT_PATH = '/clients/import';
/** The example to choose once /clients/import has opened, across the page load that opens it. */
const PENDING_KEY = 'salon-mock-import-example';
const WAIT_FOR_INPUT_MS = 10_000;

const isExample = (name: string | null): name is ImportExample => name !== null && Object.hasOwn(EXAMPLES, name);

/** Opens /clients/import (a page load, when elsewhere) and chooses the example file there. */
export function loadExample(example: ImportExample): string {
  if (!isExample(example)) throw new Error(`No example "${String(example)}". Examples: ${Object.keys(EXAMPLES).join(', ')}.`);
  window.sessionStorage.setItem(PENDING_KEY, example);
  if (window.location.pathname === IMPORT_PATH) void chooseWaitingExample();
  else window.location.assign(IMPORT_PATH);
  return `Choosing ${EXAMPLES[example].fileName} on ${IMPORT_PATH}.`;
}

/** The example asked for before the page load, chosen once the page's file input is there (mocks/browser.ts). */
export async function chooseWaitingExample(): Promise<void> {
  const example = window.sessionStorage.getItem(PENDING_KEY);
  window.sessionStorage.removeItem(PENDING_KEY);
  if (!isExample(example) || window.location.pathname !== IMPORT_PATH) return;
  const { url, fileName } = EXAMPLES[example];
  const [bytes, input] = await Promise.all([fetch(url).then((response) => response.blob()), fileInput()]);
  if (!input) {
    console.warn(`salonMock: no "CSV file" input on ${IMPORT_PATH} (an owner's page: signInAs('admin')).`);
    return;
  }
  const transfer = new DataTransfer();
  transfer.items.add(new File([bytes], fileName, { type: 'text/csv' }));
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The page's file input, once it has rendered (the route's code arrives after the mock starts). */
function fileInput(): Promise<HTMLInputElement | null> {
  const find = () => document.querySelector<HTMLInputElement>('input[type="file"]');
  return new Promise((resolve) => {
    const found = find();
    if (found) return resolve(found);
    const observer = new MutationObserver(() => {
      const input = find();
      if (!input) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(input);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(null);
    }, WAIT_FOR_INPUT_MS);
    observer.observe(document.body, { childList: true, subtree: true });
  });
}
