import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Account } from './accounts.ts';
import { findFreePort } from '../../server/testing/free-port.ts';
import { PROJECT_ROOT, ServerProcess } from './server-process.ts';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The app under test, as the tests see it. */
export type AppServer = {
  readonly url: string;
  /** Stops the server for good (the fixture does this). */
  stop(): Promise<void>;
};

/** The production server, which a test may also restart and whose database it may open. */
export type RealAppServer = AppServer & {
  readonly databaseFile: string;
  /** Stops the process and starts it again on the same port with the same database. */
  restart(): Promise<void>;
};

/**
 * `npm run dev` on a free port, 127.0.0.1 only: Vite serves the SPA and msw's service worker
 * answers the API calls inside the page (the mock store lives in the page's localStorage).
 */
export async function startMockServer(): Promise<AppServer> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await ServerProcess.start({
    name: 'mock server',
    command: NPM,
    args: ['run', 'dev', '--', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    env: { ...process.env, BROWSER: 'none', VITE_API_MOCKING: 'true' },
    readyUrl: url,
    readyTimeoutMs: 60_000,
  });
  return { url, stop: () => server.stop() };
}

/**
 * The production server (what `npm start` runs, without its build step: the build project
 * built the SPA and the server once for the whole run) on a free port, with a fresh SQLite
 * database in a temporary folder and the bootstrap account.
 */
export async function startRealServer(account: Account): Promise<RealAppServer> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-e2e-'));
  const databaseFile = join(dataDir, 'salon.db');
  const start = () =>
    ServerProcess.start({
      name: 'real server',
      command: process.execPath,
      args: [REAL_SERVER_ENTRY],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `file:${databaseFile}`,
        STATIC_DIR: join(PROJECT_ROOT, 'dist'),
        SALON_ADMIN_USERNAME: account.username,
        SALON_ADMIN_PASSWORD: account.password,
        LOG_LEVEL: 'warn',
      },
      readyUrl: url,
      readyTimeoutMs: 30_000,
    });
  let server: ServerProcess;
  try {
    server = await start();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    databaseFile,
    async restart() {
      await server.stop();
      server = await start();
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server's listening entry, compiled by `npm run build` (what `npm start` runs after building). */
export const REAL_SERVER_ENTRY = 'dist-server/server/main.js';
/** The built SPA the server serves (its STATIC_DIR default, ./dist). */
export const SPA_INDEX = 'dist/index.html';
