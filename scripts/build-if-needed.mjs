// @ts-check
// The one build step: the SPA (vite → dist/) and the server (tsc → dist-server/), in full or only
// when missing or stale (docs/decisions/010-build-step.md). Plain JavaScript: node runs it without tsx.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * @typedef {object} BuildOptions
 * @property {string} [outDir] where dist/ and dist-server/ go: the project root by default
 * @property {NodeJS.ProcessEnv} [env] added to this process's environment
 * @property {boolean} [quiet] the build's output goes into the error when it fails, not to stderr
 * @property {(child: import('node:child_process').ChildProcess) => void} [onSpawn] called with the build's process
 *
 * @typedef {{ name: string, output: string, sources: string[], lockfileNote: string }} Part
 */

/** Both parts read the contract; package.json maps `#contract/*` (and may change a build's settings). */
const SHARED = ['contract', 'package.json'];
/** What the SPA's build plugins import of the server: its compression, the route preloads' and build facts' files. */
const SPA_FROM_SERVER = ['server/http/content-encoding.ts', 'server/http/route-preloads.ts', 'server/http/spa-build.ts'];

/** @type {Part} */
export const SPA = {
  name: 'the SPA (dist/)',
  output: 'dist/index.html',
  sources: ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.app.json', 'scripts/vite-plugins', ...SPA_FROM_SERVER, ...SHARED],
  lockfileNote: 'dist/.vite/package-lock.sha256',
};

/** @type {Part} */
export const MOCK_SPA = {
  ...SPA,
  name: 'the SPA with msw (dist-mock/)',
  output: 'dist-mock/index.html',
  lockfileNote: 'dist-mock/.vite/package-lock.sha256',
};

/** @type {Part} */
export const SERVER = {
  name: 'the server (dist-server/)',
  output: 'dist-server/server/main.js',
  sources: ['server', 'tsconfig.json', ...SHARED],
  lockfileNote: 'dist-server/package-lock.sha256',
};

/** @param {string} base */
const lockfileHash = (base) =>
  createHash('sha256')
    .update(readFileSync(join(base, 'package-lock.json')))
    .digest('hex');

/**
 * The newest modification time of these paths and everything under them (a folder's changes
 * when a file in it is removed).
 * @param {string[]} paths
 * @param {string} base
 */
function newestChange(paths, base) {
  let newest = 0;
  for (const path of paths.map((each) => join(base, each)).filter((each) => existsSync(each))) {
    const inside = statSync(path).isDirectory() ? readdirSync(path, { recursive: true, encoding: 'utf8' }) : [];
    for (const entry of [path, ...inside.map((each) => join(path, each))]) newest = Math.max(newest, statSync(entry).mtimeMs);
  }
  return newest;
}

/**
 * Missing, older than a source, or made with another lockfile. The lockfile counts by content:
 * `npm prune --omit=dev` rewrites it unchanged, and must not ask for a build without vite or tsc.
 * @param {Part} part
 * @param {string} [base] the project's folder
 */
export function isOutdated({ output, sources, lockfileNote }, base = root) {
  const built = join(base, output);
  const note = join(base, lockfileNote);
  if (!existsSync(built) || statSync(built).mtimeMs < newestChange(sources, base)) return true;
  return !existsSync(note) || readFileSync(note, 'utf8') !== lockfileHash(base);
}

/**
 * Notes, in the build in `outDir`, the lockfile of the project in `base` it was made with.
 * @param {Part} part
 * @param {string} [outDir]
 * @param {string} [base]
 */
export function noteLockfile({ lockfileNote }, outDir = root, base = root) {
  writeFileSync(join(outDir, lockfileNote), lockfileHash(base));
}

/**
 * Runs a build command of node_modules/.bin; throws an Error with the command's `exitCode`.
 * @param {Part} part
 * @param {string} pkg the package that has the command
 * @param {string} bin
 * @param {string[]} args
 * @param {BuildOptions} options
 */
async function run({ name }, pkg, bin, args, { env, quiet = false, onSpawn }) {
  const script = join(root, 'node_modules', '.bin', bin);
  const fail = (/** @type {string} */ message, exitCode = 1) => Object.assign(new Error(message), { exitCode });
  if (!existsSync(script)) {
    throw fail(`${name} is missing or out of date, and ${pkg} is not installed: run npm install, or npm run build before deploying.`);
  }
  if (!quiet) console.error(`Building ${name}…`);
  // Output to stderr (stdout is the command's own); no stdin (a password piped to the staff CLI is not the build's).
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', quiet ? 'pipe' : 2, quiet ? 'pipe' : 2],
  });
  onSpawn?.(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  // Stopping `npm start` while it builds stops the build too, instead of orphaning it.
  const forward = (/** @type {NodeJS.Signals} */ signal) => child.kill(signal);
  process.on('SIGINT', forward).on('SIGTERM', forward);
  const [code, signal] = await once(child, 'exit').finally(() => process.off('SIGINT', forward).off('SIGTERM', forward));
  if (code !== 0) {
    const message = signal ? `Building ${name} stopped (${signal}).` : `Building ${name} failed.`;
    throw fail(quiet ? `${message}\n${output}` : message, code ?? 1);
  }
}

/**
 * Vite makes a development build, msw and all, when NODE_ENV says so: a shell's or a host's NODE_ENV (development,
 * test, as Vitest sets it) never reaches the build (issue 26).
 * @param {BuildOptions} options
 * @returns {BuildOptions}
 */
const production = (options) => ({ ...options, env: { ...options.env, NODE_ENV: 'production' } });

/** @param {BuildOptions} [options] */
export async function buildSpa(options = {}) {
  const outDir = options.outDir ?? root;
  await run(SPA, 'vite', 'vite', ['build', '--outDir', join(outDir, 'dist'), '--emptyOutDir'], production(options));
  noteLockfile(SPA, outDir);
}

/**
 * `npm run build:mock`: the SPA with msw answering in the page, as `npm run dev` serves it, bundled (the browser
 * tests' mock project serves it with `vite preview`). Never what `npm start` serves.
 * @param {BuildOptions} [options]
 */
export async function buildMockSpa(options = {}) {
  const outDir = options.outDir ?? root;
  await run(
    MOCK_SPA,
    'vite',
    'vite',
    ['build', '--mode', 'mock', '--outDir', join(outDir, 'dist-mock'), '--emptyOutDir'],
    production(options),
  );
  noteLockfile(MOCK_SPA, outDir);
}

/** @param {BuildOptions} [options] */
export async function buildServer(options = {}) {
  const outDir = options.outDir ?? root;
  await run(SERVER, 'typescript', 'tsc', ['-p', 'server/tsconfig.build.json', '--outDir', join(outDir, 'dist-server')], options);
  // The compiled server finds the compiled contract (package.json "imports" names its source).
  const manifest = { type: 'module', imports: { '#contract/*': './contract/*.js' } };
  writeFileSync(join(outDir, 'dist-server', 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  noteLockfile(SERVER, outDir);
}

/**
 * For the commands: builds when needed; a failed build ends the process with its message and exit code.
 * @param {Part} part
 * @param {() => Promise<void>} build
 */
async function ensureBuilt(part, build) {
  if (!isOutdated(part)) return;
  try {
    await build();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(/** @type {{ exitCode?: number }} */ (error).exitCode ?? 1);
  }
}

export const ensureSpaBuilt = () => ensureBuilt(SPA, buildSpa);
export const ensureServerBuilt = () => ensureBuilt(SERVER, buildServer);
