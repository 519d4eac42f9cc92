/** Opens the salon's database: SQLite (the embedded default) or PostgreSQL (several instances), migrated. */
import type { OpenedDatabase } from './engine.ts';
import { openPostgres, type PostgresConfig } from './postgres.ts';
import { openSqlite, type SqliteConfig } from './sqlite.ts';

export type DatabaseConfig = SqliteConfig | PostgresConfig;

/** Opens and migrates the database; the server does not start when this throws. */
export function openDatabase(config: DatabaseConfig, onIdleError?: (error: unknown) => void): Promise<OpenedDatabase> {
  return config.kind === 'sqlite' ? openSqlite(config) : openPostgres(config, onIdleError);
}
