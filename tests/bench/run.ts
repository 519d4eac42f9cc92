/**
 * `npm run bench [-- <part>…]`: builds the production site and server, then runs each
 * performance measurement and prints one line per figure with its goal and PASS or FAIL.
 * Parts: weight, lighthouse, list, offline, api, changes, erasure, live, memory, team, import, import-preview, duplicates, passkey, book,
 * booking, calendar, email (all by default). `--reuse-build` measures
 * the last build again instead of building. `--against DIR` measures another checkout's build beside this one, part by
 * part, the two taking turns to go first (DIR built there with `NODE_ENV=production npm run build`): a change's
 * figures side by side with the code before it, in one run; `team` compares the two itself, as ratios, and `calendar`
 * interleaves their openings. Exit code 1 when a figure misses its goal or could not be
 * measured. See docs/performance.md.
 */
import { availableParallelism, cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { buildProduction, PROJECT_ROOT, type Build } from '../harness/build.ts';
import { withCleanup } from '../harness/processes.ts';
import { runApiBench, runMemoryBench } from './api.ts';
import { runBookBench } from './book.ts';
import { runBookingBench } from './booking.ts';
import { runCalendarBench } from './calendar.ts';
import { runChangesBench } from './changes.ts';
import { runDuplicatesBench } from './duplicates.ts';
import { runEmailBench } from './email.ts';
import { runErasureBench } from './erasure.ts';
import { runImportBench } from './import.ts';
import { runImportPreviewBench } from './import-preview.ts';
import { runLighthouseBench } from './lighthouse.ts';
import { runLiveBench } from './live.ts';
import { runListBench } from './list.ts';
import { runOfflineBench } from './offline.ts';
import { runPasskeyBench } from './passkey.ts';
import { runTeamBench } from './team.ts';
import { runWeightBench } from './weight.ts';
import { allFigures, reportNotMeasured, summary } from './lib/report.ts';

const PARTS = [
  'weight',
  'lighthouse',
  'list',
  'offline',
  'api',
  'changes',
  'erasure',
  'live',
  'memory',
  'team',
  'import',
  'import-preview',
  'duplicates',
  'passkey',
  'book',
  'booking',
  'calendar',
  'email',
] as const;
type Part = (typeof PARTS)[number];

/** The whole run is stopped after this, whatever it is doing (twice as long with --against). */
const LIMIT_MS = 30 * 60_000;

/**
 * The build measured: its own, so that a benchmark never rewrites the dist/ that someone
 * else's running server or browser test is using; under node_modules/ so that the compiled
 * server finds its dependencies.
 */
const BUILD_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'salon-bench');

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const againstAt = args.indexOf('--against');
const against = againstAt >= 0 ? args.splice(againstAt, 2)[1] : undefined;

/** The build of another checkout, made there by `npm run build`. */
function buildOf(checkout: string): Build {
  const dir = resolve(checkout);
  return { staticDir: join(dir, 'dist'), serverEntry: join(dir, 'dist-server', 'server', 'main.js') };
}

async function main(): Promise<number> {
  const reuseBuild = args.includes('--reuse-build');
  const asked = args.filter((arg) => arg !== '--reuse-build');
  const other = against === undefined ? undefined : buildOf(against);
  if (other && !existsSync(other.serverEntry)) {
    console.error(
      `${other.serverEntry} is missing: build that checkout first (cd ${against} && npm ci && NODE_ENV=production npm run build)`,
    );
    return 2;
  }
  const unknown = asked.filter((arg) => !(PARTS as readonly string[]).includes(arg));
  if (unknown.length > 0) {
    console.error(`Unknown part: ${unknown.join(', ')}. Parts: ${PARTS.join(', ')}`);
    return 2;
  }
  const parts = new Set<Part>(asked.length > 0 ? (asked as Part[]) : PARTS);
  console.info(`Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`);
  console.info(reuseBuild ? 'Reusing the last production build (if any)…' : 'Building the production site and server…');
  const build = await buildProduction({ outDir: BUILD_DIR, reuse: reuseBuild });

  const runs: Record<Part, (measured: Build) => Promise<void>> = {
    weight: runWeightBench,
    lighthouse: runLighthouseBench,
    list: runListBench,
    offline: runOfflineBench,
    api: runApiBench,
    changes: runChangesBench,
    erasure: runErasureBench,
    live: runLiveBench,
    memory: runMemoryBench,
    team: (measured) => runTeamBench(measured, other && against ? { build: other, dir: against } : undefined),
    import: runImportBench,
    'import-preview': runImportPreviewBench,
    duplicates: runDuplicatesBench,
    passkey: runPasskeyBench,
    book: runBookBench,
    booking: runBookingBench,
    calendar: (measured) => runCalendarBench(measured, other && against ? { build: other, dir: against } : undefined),
    email: runEmailBench,
  };
  const builds: Array<[string, Build]> = [['this build', build]];
  if (other && against) builds.push([against, other]);
  for (const [turn, part] of PARTS.filter((name) => parts.has(name)).entries()) {
    // `team` and `calendar` measure the other build beside this one themselves; `email` runs the server in this process.
    const once = part === 'team' || part === 'calendar' || part === 'email';
    const turns = once ? builds.slice(0, 1) : turn % 2 === 0 ? builds : [...builds].reverse();
    for (const [label, measured] of turns) {
      if (builds.length > 1) console.info(`\n##### ${part}: ${label}`);
      try {
        await runs[part](measured);
      } catch (error) {
        reportNotMeasured(part, 'see above', error instanceof Error ? error.message : String(error));
      }
    }
  }
  console.info(summary());
  return allFigures().every((figure) => figure.pass) ? 0 : 1;
}

process.exitCode = await withCleanup(main, against === undefined ? LIMIT_MS : 2 * LIMIT_MS);
