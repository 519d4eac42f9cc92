/**
 * The production build the benchmarks measure: `vite build` and the server's `tsc`, the
 * same as `npm run build`, but into a directory of their own, so that a benchmark never
 * rewrites the dist/ that someone else's running server or browser test is using.
 * It lives under node_modules/ so that the compiled server finds its dependencies.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../server/testing/real-server.ts';
import { runToEnd } from './processes.ts';

export const BUILD_DIR = join(ROOT, 'node_modules', '.cache', 'salon-bench');

export type Build = { staticDir: string; serverEntry: string };

/** With `reuse`, the last build is measured again when there is one (quicker, for iterating). */
export async function buildProduction({ reuse = false } = {}): Promise<Build> {
  const staticDir = join(BUILD_DIR, 'dist');
  const serverDir = join(BUILD_DIR, 'dist-server');
  const build = { staticDir, serverEntry: join(serverDir, 'server', 'main.js') };
  if (reuse && existsSync(join(staticDir, 'index.html')) && existsSync(build.serverEntry)) return build;
  mkdirSync(BUILD_DIR, { recursive: true });
  const node = process.execPath;
  await runToEnd(node, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', staticDir, '--emptyOutDir', '--logLevel', 'warn'], {
    timeoutMs: 300_000,
    cwd: ROOT,
  });
  await runToEnd(node, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.server.build.json'), '--outDir', serverDir], {
    timeoutMs: 300_000,
    cwd: ROOT,
  });
  return build;
}
