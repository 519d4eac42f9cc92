/**
 * `npm run bench [-- <part>…]`: builds the production site and server, then runs each
 * performance measurement and prints one line per figure with its goal and PASS or FAIL.
 * Parts: weight, lighthouse, list, offline, api, changes, erasure, live, memory (all by default). `--reuse-build` measures
 * the last build again instead of building. Exit code 1 when a figure misses its goal or
 * could not be measured. See docs/performance.md.
 */
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { buildProduction, PROJECT_ROOT } from '../harness/build.ts';
import { withCleanup } from '../harness/processes.ts';
import { runApiBench, runMemoryBench } from './api.ts';
import { runChangesBench } from './changes.ts';
import { runErasureBench } from './erasure.ts';
import { runLighthouseBench } from './lighthouse.ts';
import { runLiveBench } from './live.ts';
import { runListBench } from './list.ts';
import { runOfflineBench } from './offline.ts';
import { runWeightBench } from './weight.ts';
import { allFigures, reportNotMeasured, summary } from './lib/report.ts';

const PARTS = ['weight', 'lighthouse', 'list', 'offline', 'api', 'changes', 'erasure', 'live', 'memory'] as const;
type Part = (typeof PARTS)[number];

/** The whole run is stopped after this, whatever it is doing. */
const LIMIT_MS = 30 * 60_000;

/**
 * The build measured: its own, so that a benchmark never rewrites the dist/ that someone
 * else's running server or browser test is using; under node_modules/ so that the compiled
 * server finds its dependencies.
 */
const BUILD_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'salon-bench');

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const reuseBuild = args.includes('--reuse-build');
  const asked = args.filter((arg) => arg !== '--reuse-build');
  const unknown = asked.filter((arg) => !(PARTS as readonly string[]).includes(arg));
  if (unknown.length > 0) {
    console.error(`Unknown part: ${unknown.join(', ')}. Parts: ${PARTS.join(', ')}`);
    return 2;
  }
  const parts = new Set<Part>(asked.length > 0 ? (asked as Part[]) : PARTS);
  console.info(`Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`);
  console.info(reuseBuild ? 'Reusing the last production build (if any)…' : 'Building the production site and server…');
  const build = await buildProduction({ outDir: BUILD_DIR, reuse: reuseBuild });

  const runs: Record<Part, () => Promise<void>> = {
    weight: () => runWeightBench(build),
    lighthouse: () => runLighthouseBench(build),
    list: () => runListBench(build),
    offline: () => runOfflineBench(build),
    api: () => runApiBench(build),
    changes: () => runChangesBench(build),
    erasure: () => runErasureBench(build),
    live: () => runLiveBench(build),
    memory: () => runMemoryBench(build),
  };
  for (const part of PARTS) {
    if (!parts.has(part)) continue;
    try {
      await runs[part]();
    } catch (error) {
      reportNotMeasured(part, 'see above', error instanceof Error ? error.message : String(error));
    }
  }
  console.info(summary());
  return allFigures().every((figure) => figure.pass) ? 0 : 1;
}

process.exitCode = await withCleanup(main, LIMIT_MS);
