/**
 * Looking at the database file directly, as an operator would, while the server is down:
 * a copy of the file and its WAL is opened (so that the server still does its own recovery
 * of the original on the next start), checked with PRAGMA integrity_check, and read.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export type StoredClient = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  registration_date_time: string;
};

export type Inspection = {
  integrity: string;
  clients: StoredClient[];
  staff: number;
  sessions: number;
};

function read(file: string, options: Database.Options = {}): Inspection {
  const db = new Database(file, options);
  try {
    const integrity = (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((row) => row.integrity_check).join('; ');
    const clients = db
      .prepare('SELECT id, first_name, last_name, email, registration_date_time FROM clients ORDER BY id')
      .all() as StoredClient[];
    const staff = (db.prepare('SELECT count(*) AS n FROM staff').get() as { n: number }).n;
    const sessions = (db.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n;
    return { integrity, clients, staff, sessions };
  } finally {
    db.close();
  }
}

/** Copies the file and its -wal (the -shm is rebuilt from them) and inspects the copy. */
export function inspectCopy(databaseFile: string, scratchDir: string): Inspection {
  mkdirSync(scratchDir, { recursive: true });
  const copy = join(scratchDir, 'inspect.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
  copyFileSync(databaseFile, copy);
  if (existsSync(`${databaseFile}-wal`)) copyFileSync(`${databaseFile}-wal`, `${copy}-wal`);
  try {
    return read(copy);
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
  }
}

/** Reads the live file read-only (the server may be running: WAL lets a reader in). */
export function inspectLive(databaseFile: string): Inspection {
  return read(databaseFile, { readonly: true, fileMustExist: true });
}
