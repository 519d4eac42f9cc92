/**
 * A fresh database for one test, deleted when the test ends: a SQLite file in a temporary directory, or, in the
 * `server-postgres` Vitest project, a new database on the PostgreSQL server its global setup provides
 * (postgres-global-setup.ts). Empty (freshTestDatabase), or already migrated (migratedTestDatabase): on SQLite a copy
 * of a file the run's global setup migrated once (sqlite-template.ts), as migrating costs ~300 ms a file on disk
 * (synchronous=FULL) and a copy ~8 ms (issue 39, docs/decisions/027-ci-time.md).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { DEFAULT_POSTGRES_POOL } from '../config.ts';
import { openDatabase, type DatabaseConfig } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Kysely } from 'kysely';
import { whenDone } from './cleanup.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server of the `server-postgres` project (a URL whose database may be created in). */
    postgresUrl: string | undefined;
    /** A SQLite file migrated to the latest schema, for the tests to copy (sqlite-template.ts); unset: none. */
    sqliteTemplate: string | undefined;
  }
}

/** A fresh directory for database files, deleted when the test ends. */
export function temporaryDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'salon-test-'));
  whenDone(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

let admin: pg.Pool | undefined;
let created = 0;

/** A fresh, empty database: nothing in it, not even the migrations' table (for the tests of migrating). */
export async function freshTestDatabase(): Promise<DatabaseConfig> {
  const serverUrl = inject('postgresUrl');
  if (!serverUrl) return { kind: 'sqlite', file: join(temporaryDirectory(), 'salon.db') };
  admin ??= new pg.Pool({ connectionString: serverUrl, max: 2 });
  created += 1;
  const name = `salon_test_${process.pid}_${created}`;
  await admin.query(`CREATE DATABASE ${name}`);
  // FORCE: whatever the test left connected is cut off first.
  whenDone(async () => void (await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { kind: 'postgres', url: url.toString(), ...DEFAULT_POSTGRES_POOL };
}

/**
 * A fresh database as the server leaves it after its first start's migrations: on SQLite, a copy of the run's
 * migrated template when the project has one (else an empty file, which opening migrates); on PostgreSQL an empty
 * one, which opening migrates.
 */
export async function migratedTestDatabase(): Promise<DatabaseConfig> {
  const template = inject('sqliteTemplate');
  const database = await freshTestDatabase();
  if (database.kind === 'sqlite' && template) copyFileSync(template, database.file);
  return database;
}

/** A fresh database, opened and migrated (the test destroys it). */
export async function openTestDatabase(): Promise<Kysely<Database>> {
  return (await openDatabase(await migratedTestDatabase())).db;
}
