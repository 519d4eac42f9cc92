/**
 * The app's config for running it in-process on a given database file (server tests and the
 * reliability suite): API only, no proxy, the default time-outs and limits, cheap password
 * hashing, quiet logs. Callers override what their check is about.
 */
import type { AppConfig } from '../config.ts';
import type { DatabaseConfig } from '../db/database.ts';

/** Cheap scrypt for tests: the same code path, a thousandth of the work. */
export const TEST_HASHING = { N: 2 ** 10, r: 8, p: 1 };

/** `database`: a SQLite file, or any database. */
export function inProcessConfig(database: string | DatabaseConfig, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    database: typeof database === 'string' ? { kind: 'sqlite', file: database } : database,
    staticDir: null,
    trustProxy: false,
    publicOrigin: null,
    session: { idleMinutes: 30, maxHours: 12 },
    loginThrottle: { maxFailuresPerAccount: 5, maxFailuresPerAddress: 20, windowMinutes: 15 },
    logLevel: 'silent',
    passwordHashing: TEST_HASHING,
    ...overrides,
  };
}
