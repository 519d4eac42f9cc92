/**
 * Looking at the database file directly, as an operator would, while the server is down:
 * a copy of the file and its WAL is opened (so that the server still does its own recovery
 * of the original on the next start), checked with PRAGMA integrity_check, and read.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteFile, prepareColumn, type OpenOptions } from '#server/db/sqlite-file.ts';

export type StoredClient = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  registration_date_time: string;
};

/** The change log's entries and the clients' versions (SQLite or PostgreSQL), read after the writes. */
export type StoredVersions = {
  changes: Array<{ client_id: string; version: number; last_name: string | null }>;
  versions: Array<{ id: string; version: number }>;
};

export type Inspection = {
  integrity: string;
  /** The live clients (not those in "Recently deleted"). */
  clients: StoredClient[];
  staff: number;
  sessions: number;
};

function read(file: string, options: OpenOptions = {}): Inspection {
  const db = openSqliteFile(file, options);
  try {
    const integrity = (prepareColumn(db, 'PRAGMA integrity_check').all() as string[]).join('; ');
    const clients = db
      .prepare('SELECT id, first_name, last_name, email, registration_date_time FROM clients WHERE deleted_at IS NULL ORDER BY id')
      .all() as StoredClient[];
    const staff = (db.prepare('SELECT count(*) AS n FROM staff').get() as { n: number }).n;
    const sessions = (db.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n;
    return { integrity, clients, staff, sessions };
  } finally {
    db.close();
  }
}

/** Copies the file and its -wal (the -shm is rebuilt from them) and reads the copy with `readCopy`. */
function withCopy<T>(databaseFile: string, scratchDir: string, readCopy: (file: string) => T): T {
  mkdirSync(scratchDir, { recursive: true });
  const copy = join(scratchDir, 'inspect.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
  copyFileSync(databaseFile, copy);
  if (existsSync(`${databaseFile}-wal`)) copyFileSync(`${databaseFile}-wal`, `${copy}-wal`);
  try {
    return readCopy(copy);
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
  }
}

/** Inspects a copy of the file (integrity, live clients, staff, sessions). */
export function inspectCopy(databaseFile: string, scratchDir: string): Inspection {
  return withCopy(databaseFile, scratchDir, (copy) => read(copy));
}

/** The change log's versions and last names, and each client's version, from a copy of the file. */
export function versionsInCopy(databaseFile: string, scratchDir: string): StoredVersions {
  return withCopy(databaseFile, scratchDir, (copy) => {
    const db = openSqliteFile(copy);
    try {
      return {
        changes: db
          .prepare("SELECT client_id, version, json_extract(after, '$.lastName') AS last_name FROM client_changes")
          .all() as StoredVersions['changes'],
        versions: db.prepare('SELECT id, version FROM clients').all() as StoredVersions['versions'],
      };
    } finally {
      db.close();
    }
  });
}

/** Reads the live file read-only (the server may be running: WAL lets a reader in). */
export function inspectLive(databaseFile: string): Inspection {
  return read(databaseFile, { readOnly: true, timeoutMs: 5000 });
}
