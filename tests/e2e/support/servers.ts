import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Account } from './accounts.ts';
import { MOCK_BUILD_DIR, PROJECT_ROOT } from '../../harness/build.ts';
import { findFreePort } from '../../harness/free-port.ts';
import { RealServer } from '../../harness/real-server.ts';
import { ServerProcess } from '../../harness/server-process.ts';

/** Vite's command, run with this Node (no npm in between: one process to stop). */
const VITE = join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');

/** `E2E_SERVER_LOG=1` shows the servers' output live. */
const echo = process.env.E2E_SERVER_LOG === '1';

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
 * The SPA with msw (dist-mock/, made by the build project) served by `vite preview` on a free
 * port, 127.0.0.1 only: msw's service worker responds to the API calls inside the page (the
 * mock store lives in the page's localStorage). `npm run dev` has a test of its own (dev-server.mock.spec.ts).
 */
export async function startMockServer(): Promise<AppServer> {
  const port = await findFreePort();
  return startViteProcess('mock server', ['preview', '--outDir', MOCK_BUILD_DIR], port);
}

/** `npm run dev` on a free port, 127.0.0.1 only, msw on: what a developer runs. */
export async function startDevServer(): Promise<AppServer> {
  const port = await findFreePort();
  return startViteProcess('dev server', [], port);
}

async function startViteProcess(name: string, args: string[], port: number): Promise<AppServer> {
  const url = `http://127.0.0.1:${port}`;
  const server = await ServerProcess.start({
    name,
    command: process.execPath,
    args: [VITE, ...args, '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    env: { ...process.env, BROWSER: 'none', VITE_API_MOCKING: 'true' },
    readyUrl: url,
    readyTimeoutMs: 60_000,
    group: true,
    echo,
  });
  return {
    url,
    stop: async () => {
      await server.terminate(5000);
    },
  };
}

/**
 * The salon's time zone on the real server (SALON_TIME_ZONE): not the machine's, and not the browser's (the config's
 * timezoneId), so that the book's tests see its times shown in the salon's zone whatever the browser's (issue 40).
 * Only the book reads it.
 */
export const REAL_SALON_TIME_ZONE = 'Europe/London';

/**
 * The production server (what `npm start` runs, without its build step: the build project
 * built the SPA and the server once for the whole run) on a free port, with a fresh SQLite
 * database in a temporary folder, the bootstrap account, the salon's time zone, and the loopback trusted as a proxy.
 */
export async function startRealServer(account: Account): Promise<RealAppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-e2e-'));
  const databaseFile = join(dataDir, 'salon.db');
  const start = (port?: number) =>
    RealServer.start({
      databaseFile,
      port,
      admin: account,
      // TRUST_PROXY: the landing page's visitors are told apart by address (issue 41); a test gives each of its
      // visitors one of their own in X-Forwarded-For, as a reverse proxy would (support/online-booking.ts).
      env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', SALON_TIME_ZONE: REAL_SALON_TIME_ZONE, TRUST_PROXY: 'loopback' },
      echo,
    });
  let server: RealServer;
  try {
    server = await start();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.origin,
    databaseFile,
    async restart() {
      await server.terminate(5000);
      server = await start(server.port);
    },
    async stop() {
      await server.terminate(5000);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The built SPA the server serves (its STATIC_DIR default, ./dist). */
export const SPA_INDEX = 'dist/index.html';
