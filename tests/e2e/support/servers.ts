import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Account } from './accounts.ts';
import { findFreePort } from '../../harness/free-port.ts';
import { RealServer } from '../../harness/real-server.ts';
import { ServerProcess } from '../../harness/server-process.ts';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

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
 * `npm run dev` on a free port, 127.0.0.1 only: Vite serves the SPA and msw's service worker
 * responds to the API calls inside the page (the mock store lives in the page's localStorage).
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
 * The production server (what `npm start` runs, without its build step: the build project
 * built the SPA and the server once for the whole run) on a free port, with a fresh SQLite
 * database in a temporary folder and the bootstrap account.
 */
export async function startRealServer(account: Account): Promise<RealAppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-e2e-'));
  const databaseFile = join(dataDir, 'salon.db');
  const start = (port?: number) =>
    RealServer.start({ databaseFile, port, admin: account, env: { NODE_ENV: 'production', LOG_LEVEL: 'warn' }, echo });
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
