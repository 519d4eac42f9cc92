/**
 * `npm run test:reliability` — load, crash, graceful stop, database trouble, hostile input and
 * access checks against the real server (docs/reliability.md), and its PostgreSQL part (several
 * instances on a throwaway cluster; fails when PostgreSQL is not installed). One line per check with its
 * figure; the last line is `N passed, M failed`; the exit code is 1 when anything failed.
 *
 *   npm run test:reliability                  the full run
 *   npm run test:reliability -- --quick       5 s loads, 3 crashes (3 on PostgreSQL), 200 fuzz runs (CI)
 *   options: --seed=N (replay), --only=crash,fuzz (groups by name), --no-build (use the
 *            existing dist/ and dist-server/), --simulate-disk-full, --keep (keep the work directory)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProduction } from '../harness/build.ts';
import { cleanUp, withCleanup } from '../harness/processes.ts';
import { seededRandom } from '../harness/seeded-random.ts';
import { accessGroup } from './checks/access.ts';
import { backupGroup } from './checks/backup.ts';
import { crashGroup } from './checks/crash.ts';
import { databaseTroubleGroup } from './checks/database-trouble.ts';
import { fuzzGroup } from './checks/fuzz.ts';
import { gracefulStopGroup } from './checks/graceful-stop.ts';
import { loadGroup } from './checks/load.ts';
import { loginsGroup } from './checks/logins.ts';
import { postgresGroup } from './checks/postgres.ts';
import { FULL, HEADER_CHECK, LEAK_CHECK, QUICK, type Context, type Group, type Outcome } from './lib/context.ts';
import { HEADER_KINDS, Recorder } from './lib/recorder.ts';

const GROUPS: Group[] = [
  loadGroup,
  crashGroup,
  gracefulStopGroup,
  databaseTroubleGroup,
  backupGroup,
  fuzzGroup,
  loginsGroup,
  accessGroup,
  postgresGroup,
];

type Options = { quick: boolean; seed: number; only: string[] | null; build: boolean; simulateDiskFull: boolean; keep: boolean };

function parseOptions(argv: string[]): Options {
  const options: Options = {
    quick: false,
    seed: Math.floor(Math.random() * 2 ** 31),
    only: null,
    build: true,
    simulateDiskFull: false,
    keep: false,
  };
  for (const arg of argv) {
    if (arg === '--quick') options.quick = true;
    else if (arg === '--no-build') options.build = false;
    else if (arg === '--simulate-disk-full') options.simulateDiskFull = true;
    else if (arg === '--keep') options.keep = true;
    else if (arg.startsWith('--seed=')) options.seed = Number(arg.slice('--seed='.length)) >>> 0;
    else if (arg.startsWith('--only=')) options.only = arg.slice('--only='.length).split(',').filter(Boolean);
    else {
      console.error(
        `Unknown option ${arg}. Options: --quick --seed=N --only=${GROUPS.map((group) => group.name).join(',')} --no-build --simulate-disk-full --keep`,
      );
      process.exit(2);
    }
  }
  return options;
}

const print = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const settings = options.quick ? QUICK : FULL;
  const started = performance.now();
  print(`Reliability suite (${options.quick ? 'quick' : 'full'}), seed ${options.seed}: replay with --seed=${options.seed}`);

  if (options.build) {
    try {
      await buildProduction();
    } catch (error) {
      print(error instanceof Error ? error.message : String(error));
      print('0 passed, 1 failed');
      return 1;
    }
    print(`build: the SPA and the server built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }

  const workDir = mkdtempSync(join(tmpdir(), 'salon-reliability-'));
  const recorder = new Recorder();
  const context: Context = {
    quick: options.quick,
    settings,
    seed: options.seed,
    random: seededRandom(options.seed),
    workDir,
    recorder,
    simulateDiskFull: options.simulateDiskFull,
  };

  let passed = 0;
  let failed = 0;
  const report = (name: string, outcome: Outcome) => {
    const ok = outcome.problems.length === 0;
    if (ok) passed += 1;
    else failed += 1;
    print(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${outcome.figure}`);
    for (const problem of outcome.problems.slice(0, 8)) print(`        ✗ ${problem}`);
    if (outcome.problems.length > 8) print(`        … and ${outcome.problems.length - 8} more`);
  };

  const groups = options.only ? GROUPS.filter((group) => options.only?.includes(group.name)) : GROUPS;
  try {
    for (const group of groups) {
      const reported = new Set<string>();
      const groupStarted = performance.now();
      try {
        await group.run(context, (name, outcome) => {
          reported.add(name);
          report(name, outcome);
        });
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        for (const name of group.checks.filter((check) => !reported.has(check))) {
          report(name, {
            figure: 'not completed',
            problems: [`the ${group.name} group stopped: ${message.split('\n').slice(0, 6).join('\n          ')}`],
          });
          reported.add(name);
        }
      }
      for (const name of group.checks.filter((check) => !reported.has(check)))
        report(name, { figure: 'not reported', problems: ['the check did not report'] });
      print(`        (${group.name}: ${((performance.now() - groupStarted) / 1000).toFixed(1)} s)`);
    }

    // Over every answer received above.
    const seenKinds = HEADER_KINDS.map((kind) => `${kind} ${recorder.headerCounts[kind]}`).join(', ');
    const unseen = HEADER_KINDS.filter((kind) => recorder.headerCounts[kind] === 0);
    report(HEADER_CHECK, {
      figure: `${recorder.answers.toLocaleString('en-US')} answers checked (${seenKinds}): ${recorder.missingHeaderCount} without the security headers`,
      // With --only, some kinds of answer may not have been produced at all: only a full run insists on every kind.
      problems: [
        ...recorder.missingHeaders,
        ...(unseen.length > 0 && !options.only ? [`no ${unseen.join(', ')} answer was seen to check`] : []),
      ],
    });
    report(LEAK_CHECK, {
      figure: `${recorder.bodiesScanned.toLocaleString('en-US')} bodies scanned: ${recorder.leakCount} with a stack trace, SQL, an SQLite error or an unexpected error shape`,
      problems: recorder.leaks,
    });
  } finally {
    // The servers first: the work directory holds their databases.
    await cleanUp();
    if (failed > 0 || options.keep) print(`Logs and databases kept in ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }
  print(`Total time ${((performance.now() - started) / 1000).toFixed(0)} s`);
  print(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

process.exit(
  await withCleanup(() =>
    main().catch((error: unknown) => {
      console.error(error);
      print('0 passed, 1 failed');
      return 1;
    }),
  ),
);
