// @ts-check
/**
 * The one build step: the SPA (vite build → dist/) and the server (tsc → dist-server/), the
 * same commands as `npm run build`. `npm start`, `npm run staff`, backup and restore build only
 * what is missing or older than its sources (ensureSpaBuilt, ensureServerBuilt): restarts stay
 * fast, and a deployment that built once runs without the dev dependencies (vite, typescript).
 * The browser tests, the benchmarks and the reliability suite build in full (buildSpa,
 * buildServer) through harness/build.ts. Plain JavaScript: node runs it without tsx.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/**
 * @typedef {object} BuildOptions
 * @property {string} [outDir] where dist/ and dist-server/ go: the project root by default
 * @property {NodeJS.ProcessEnv} [env] added to this process's environment
 * @property {boolean} [quiet] keep the build's output for the error when it fails, instead of showing it on stderr
 * @property {(child: import('node:child_process').ChildProcess) => void} [onSpawn] called with the build's process
 */

/**
 * The newest modification time among these files and directories (recursively).
 * @param {string[]} paths
 * @param {string} base
 */
function newestChange(paths, base) {
  let newest = 0;
  /** @param {string} path */
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const path of paths) visit(join(base, path));
  return newest;
}

/**
 * The dependencies a build was made with, by the lockfile's content: `npm prune --omit=dev` and
 * `npm ci` rewrite the file without changing it, and a deployment without vite and typescript
 * must not take that for a change it has to rebuild for.
 */
export const LOCKFILE_HASH = { spa: join('dist', '.vite', 'package-lock.sha256'), server: join('dist-server', 'package-lock.sha256') };
const lockfileHash = (base = root) =>
  createHash('sha256')
    .update(readFileSync(join(base, 'package-lock.json')))
    .digest('hex');

/**
 * True when `output` is missing, older than one of `sources`, or made with another lockfile.
 * @param {string} output
 * @param {string[]} sources
 * @param {string} hashFile
 * @param {string} [base] the project's folder
 */
export function isOutdated(output, sources, hashFile, base = root) {
  const target = join(base, output);
  if (!existsSync(target) || statSync(target).mtimeMs < newestChange(sources, base)) return true;
  const hash = join(base, hashFile);
  return !existsSync(hash) || readFileSync(hash, 'utf8') !== lockfileHash(base);
}

/**
 * Notes, in the build in `outDir`, the lockfile of the project in `base` it was made with.
 * @param {string} hashFile
 * @param {string} [outDir]
 * @param {string} [base]
 */
export function recordLockfile(hashFile, outDir = root, base = root) {
  writeFileSync(join(outDir, hashFile), lockfileHash(base));
}

/**
 * The path of a package's command (its package.json "bin"), or undefined when it is not installed.
 * @param {string} pkg
 * @param {string} command
 */
function binOf(pkg, command) {
  try {
    const manifestPath = require.resolve(`${pkg}/package.json`);
    const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
    return join(dirname(manifestPath), typeof bin === 'string' ? bin : bin[command]);
  } catch {
    return undefined;
  }
}

/** A failed build; `exitCode` is the build's. */
class BuildError extends Error {
  /**
   * @param {string} message
   * @param {number} exitCode
   */
  constructor(message, exitCode) {
    super(message);
    this.exitCode = exitCode;
  }
}

/**
 * @param {string} what
 * @param {string} pkg
 * @param {string} command
 * @param {string[]} args
 * @param {BuildOptions} options
 * @returns {Promise<void>}
 */
async function run(what, pkg, command, args, { env, quiet = false, onSpawn }) {
  const bin = binOf(pkg, command);
  if (!bin) {
    throw new BuildError(
      `${what} is missing or out of date, and ${pkg} is not installed: run npm install, or npm run build before deploying.`,
      1,
    );
  }
  if (!quiet) console.error(`Building ${what}…`);
  // Build output goes to stderr: stdout stays for the command's own output. No stdin: a
  // password piped to the staff CLI is not the build's to read.
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', quiet ? 'pipe' : 2, quiet ? 'pipe' : 2],
  });
  onSpawn?.(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  // Stopping `npm start` while it builds stops the build too, instead of orphaning it.
  /** @param {NodeJS.Signals} signal */
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  /** @type {[number | null, NodeJS.Signals | null]} */
  const [code, signal] = await new Promise((resolve) => child.on('exit', (...result) => resolve(result)));
  process.off('SIGINT', forward);
  process.off('SIGTERM', forward);
  if (code !== 0) {
    const message = signal ? `Building ${what} stopped (${signal}).` : `Building ${what} failed.`;
    throw new BuildError(quiet ? `${message}\n${output}` : message, code ?? 1);
  }
}

/**
 * The SPA into `<outDir>/dist`.
 * @param {BuildOptions} [options]
 */
export async function buildSpa(options = {}) {
  const outDir = join(options.outDir ?? root, 'dist');
  await run('the SPA (dist/)', 'vite', 'vite', ['build', '--outDir', outDir, '--emptyOutDir'], options);
  recordLockfile(LOCKFILE_HASH.spa, options.outDir);
}

const COMPILED_SERVER_PACKAGE = {
  type: 'module',
  imports: { '#contract/*': './contract/*.js' },
};

/**
 * The server into `<outDir>/dist-server`.
 * @param {BuildOptions} [options]
 */
export async function buildServer(options = {}) {
  const outDir = join(options.outDir ?? root, 'dist-server');
  await run('the server (dist-server/)', 'typescript', 'tsc', ['-p', 'server/tsconfig.build.json', '--outDir', outDir], options);
  // The compiled server finds the compiled contract (package.json "imports" names its source).
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(COMPILED_SERVER_PACKAGE, null, 2)}\n`);
  recordLockfile(LOCKFILE_HASH.server, options.outDir);
}

/**
 * For the commands: a failed build ends the process with its message and exit code.
 * @param {Promise<void>} build
 */
async function orExit(build) {
  try {
    await build;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof BuildError ? error.exitCode : 1);
  }
}

const SHARED_SOURCES = ['contract', 'package.json'];

export async function ensureSpaBuilt() {
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts/vite-plugins', 'tsconfig.app.json', ...SHARED_SOURCES];
  if (isOutdated('dist/index.html', sources, LOCKFILE_HASH.spa)) await orExit(buildSpa());
}

export async function ensureServerBuilt() {
  const sources = ['server', 'tsconfig.json', ...SHARED_SOURCES];
  if (isOutdated('dist-server/server/main.js', sources, LOCKFILE_HASH.server)) await orExit(buildServer());
}
