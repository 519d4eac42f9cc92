/**
 * The real server as the suite starts it (harness/real-server.ts): its log in the run's work
 * directory as `<name>.log`.
 */
import { join } from 'node:path';
import { RealServer } from '../../harness/real-server.ts';

export type ServerOptions = {
  /** Names the log file. */
  name: string;
  /** Where the log file goes. */
  dir: string;
  /** A SQLite file, or `databaseUrl` (postgres://…). */
  databaseFile?: string;
  databaseUrl?: string;
  port?: number;
  env?: Record<string, string>;
};

export function startRealServer({ name, dir, ...options }: ServerOptions): Promise<RealServer> {
  return RealServer.start({ ...options, logFile: join(dir, `${name}.log`) });
}
