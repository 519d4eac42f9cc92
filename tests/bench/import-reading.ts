/**
 * Reading a 10,000-row import file (issue 29) in Node, without a browser: the SPA's own functions (read, map the
 * columns, find the date form, make the rows) and the preview's verdicts, each timed on its own. The budget
 * is for the browser's read and preview (under 2 s); this is the part of it that is the import's code, a quick check
 * between browser runs. `npx tsx tests/bench/import-reading.ts [rows]`.
 */
import { performance } from 'node:perf_hooks';
import { importVerdicts } from '#contract/import';
import { guessMapping } from '#src/features/import/utils/column-mapping.ts';
import { dateFormsOf } from '#src/features/import/utils/dates.ts';
import { toImportRows } from '#src/features/import/utils/import-rows.ts';
import { readCsvFile } from '#src/features/import/utils/read-file.ts';
import { spreadsheetCsv } from '../fixtures/imports/generate.ts';
import { median, report } from './lib/report.ts';

const ROWS = Number(process.argv[2] ?? 10_000);
const RUNS = 7;
const BUDGET_MS = 2_000;

async function once() {
  const file = new File([spreadsheetCsv(ROWS)], 'clients.csv', { type: 'text/csv' });
  const started = performance.now();
  const read = await readCsvFile(file);
  if (!read.ok) throw new Error(read.message);
  const readAt = performance.now();
  const mapping = guessMapping(read.table.headers);
  const forms = dateFormsOf(read.table.records.map((record) => record[mapping.indexOf('registrationDateTime')] ?? ''));
  const rows = toImportRows(read.table, mapping, forms[0] ?? 'iso');
  const mappedAt = performance.now();
  const verdicts = importVerdicts(rows, () => undefined, new Date().toISOString());
  const judgedAt = performance.now();
  if (verdicts.some((verdict) => verdict.kind !== 'new')) throw new Error('Every generated row should be new');
  return { bytes: file.size, read: readAt - started, map: mappedAt - readAt, judge: judgedAt - mappedAt, total: judgedAt - started };
}

const runs: Awaited<ReturnType<typeof once>>[] = [];
for (let run = 0; run < RUNS; run += 1) runs.push(await once());
const first = runs[0];
const of = (part: 'read' | 'map' | 'judge' | 'total') => median(runs.map((run) => run[part]));
const ms = (value: number) => `${Math.round(value)} ms`;
const detail = `Node ${process.version}, ${ROWS.toLocaleString('en-US')} rows, ${((first?.bytes ?? 0) / 1024).toFixed(0)} KiB; median of ${RUNS} runs, the first ${ms(first?.total ?? 0)}`;
report({
  name: `Import: read and map ${ROWS.toLocaleString('en-US')} rows, with the preview's verdicts`,
  measured: `${ms(of('total'))} (read ${ms(of('read'))}, map and dates ${ms(of('map'))}, verdicts ${ms(of('judge'))})`,
  goal: `under ${BUDGET_MS / 1000} s, the browser's read and preview`,
  pass: of('total') < BUDGET_MS,
  detail,
});
