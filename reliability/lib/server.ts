/**
 * The real server as the suite starts it (server/testing/real-server.ts): its log in the run's
 * work directory as `<name>.log`, and always killed when the suite exits (processes.ts).
 */
import { join } from 'node:path';
import { RealServer } from '../../server/testing/real-server.ts';
import { trackChild } from './processes.ts';

export type ServerOptions = {
  /** Names the log file. */
  name: string;
  /** Where the log file goes. */
  dir: string;
  databaseFile: string;
  port?: number;
  env?: Record<string, string>;
};

export function startRealServer({ name, dir, ...options }: ServerOptions): Promise<RealServer> {
  return RealServer.start({ ...options, logFile: join(dir, `${name}.log`), onSpawn: trackChild });
}
