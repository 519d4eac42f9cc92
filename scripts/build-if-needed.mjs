/**
 * Builds what `npm start` and `npm run staff` run, only when it is missing or older than
 * its sources: the SPA (vite build → dist/) and the server (tsc → dist-server/).
 * Building only when needed keeps restarts fast, and lets a deployment that built once run
 * without the dev dependencies (vite, typescript) installed.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** The newest modification time among these files and directories (recursively). */
function newestChange(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const path of paths) visit(join(root, path));
  return newest;
}

function isOutdated(output, sources) {
  const target = join(root, output);
  return !existsSync(target) || statSync(target).mtimeMs < newestChange(sources);
}

/** The path of a package's command (its package.json "bin"), or undefined when it is not installed. */
function binOf(pkg, command) {
  try {
    const manifestPath = require.resolve(`${pkg}/package.json`);
    const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
    return join(dirname(manifestPath), typeof bin === 'string' ? bin : bin[command]);
  } catch {
    return undefined;
  }
}

async function run(what, pkg, command, args) {
  const bin = binOf(pkg, command);
  if (!bin) {
    console.error(`${what} is missing or out of date, and ${pkg} is not installed: run npm install, or npm run build before deploying.`);
    process.exit(1);
  }
  console.error(`Building ${what}…`);
  // Build output goes to stderr: stdout stays for the command's own output. No stdin: a
  // password piped to the staff CLI is not the build's to read.
  const child = spawn(process.execPath, [bin, ...args], { cwd: root, stdio: ['ignore', 2, 2] });
  // Stopping `npm start` while it builds stops the build too, instead of orphaning it.
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const [code, signal] = await new Promise((resolve) => child.on('exit', (...result) => resolve(result)));
  process.off('SIGINT', forward);
  process.off('SIGTERM', forward);
  if (code !== 0) {
    console.error(signal ? `Building ${what} stopped (${signal}).` : `Building ${what} failed.`);
    process.exit(code ?? 1);
  }
}

const SHARED_SOURCES = ['contract', 'package.json', 'package-lock.json'];

export async function ensureSpaBuilt() {
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.app.json', ...SHARED_SOURCES];
  if (isOutdated('dist/index.html', sources)) await run('the SPA (dist/)', 'vite', 'vite', ['build']);
}

export async function ensureServerBuilt() {
  const sources = ['server', 'tsconfig.server.json', 'tsconfig.server.build.json', ...SHARED_SOURCES];
  if (isOutdated('dist-server/server/main.js', sources)) {
    await run('the server (dist-server/)', 'typescript', 'tsc', ['-p', 'tsconfig.server.build.json']);
  }
}
