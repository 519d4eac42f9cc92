/**
 * Issue 26: `npm run build` (and so `npm start`) makes the production build whatever NODE_ENV the shell has. With
 * NODE_ENV=development or test, `vite build` used to make a development build with msw inside, whose staff pages stay
 * blank on the real server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPA_BUILD_FACTS_FILE } from '#server/http/spa-build.ts';
import { temporaryDirectory } from '#server/testing/test-database.ts';
import { buildSpa } from './build-if-needed.mjs';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('npm run build, whatever NODE_ENV says', () => {
  it.each(['development', 'test'])('NODE_ENV=%s: the production build, without msw', { timeout: 120_000 }, async (nodeEnv) => {
    vi.stubEnv('NODE_ENV', nodeEnv);
    const outDir = temporaryDirectory();
    await buildSpa({ outDir, quiet: true });

    const dist = join(outDir, 'dist');
    const scripts = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const withMock = scripts.filter((file) => readFileSync(join(dist, 'assets', file), 'utf8').includes('setupWorker'));
    expect(withMock, 'scripts with msw’s setupWorker').toEqual([]);
    expect(JSON.parse(readFileSync(join(dist, SPA_BUILD_FACTS_FILE), 'utf8'))).toEqual({ production: true, mockBackend: false });
  });
});
