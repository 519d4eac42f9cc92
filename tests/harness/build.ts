/**
 * The production build the harness runs against, made in full by `npm start`'s own build step
 * (scripts/build-if-needed.mjs: `vite build` and the server's `tsc`, as `npm run build`), into
 * the project's dist/ and dist-server/ or into a directory of its own.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMockSpa, buildServer, buildSpa } from '#scripts/build-if-needed.mjs';
import { trackProcess } from './processes.ts';

/** The repository root: servers and builds run from there, as a person would run them. */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

/** What a server needs of a build: the SPA it serves and its own compiled entry. */
export type Build = { staticDir: string; serverEntry: string };

const buildIn = (outDir: string): Build => ({
  staticDir: join(outDir, 'dist'),
  serverEntry: join(outDir, 'dist-server', 'server', 'main.js'),
});

/** `npm run build`'s output: what `npm start` runs. */
export const PROJECT_BUILD = buildIn(PROJECT_ROOT);

const isBuilt = (build: Build) => existsSync(join(build.staticDir, 'index.html')) && existsSync(build.serverEntry);

const STEP_TIME_LIMIT_MS = 300_000;

/** Each step of the build is killed when the run ends, or when it hangs. */
function bounded(child: ChildProcess): void {
  trackProcess(child);
  const timer = setTimeout(() => child.kill('SIGKILL'), STEP_TIME_LIMIT_MS);
  child.once('exit', () => clearTimeout(timer));
}

/**
 * Builds the SPA and the server into `outDir` (an outDir under node_modules/ lets the compiled
 * server find its dependencies); with `reuse`, a complete build already there is used as it is.
 * Throws with the build's output when it fails.
 */
export async function buildProduction({
  outDir = PROJECT_ROOT,
  reuse = false,
  env,
}: { outDir?: string; reuse?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<Build> {
  const build = buildIn(outDir);
  if (reuse && isBuilt(build)) return build;
  const options = { outDir, env, quiet: true, onSpawn: bounded };
  await buildSpa(options);
  await buildServer(options);
  return build;
}

/** `npm run build:mock`'s output: the SPA with msw, which the browser tests' mock project serves. */
export const MOCK_BUILD_DIR = join(PROJECT_ROOT, 'dist-mock');

/** Builds the SPA with msw into dist-mock/; with `reuse`, one already there is used as it is. */
export async function buildMock({ reuse = false }: { reuse?: boolean } = {}): Promise<void> {
  if (reuse && existsSync(join(MOCK_BUILD_DIR, 'index.html'))) return;
  await buildMockSpa({ quiet: true, onSpawn: bounded, env: { VITE_API_URL: '' } });
}
