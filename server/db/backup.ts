/**
 * Online backup of the SQLite file (`npm run backup`): SQLite's backup API copies one snapshot while the
 * server runs, into a file that gets its final name only once complete, checked and on disk.
 */
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { backup, type DatabaseSync } from 'node:sqlite';
import { SQLITE, sqliteResultCode } from './errors.ts';
import { migrations } from './migrations/index.ts';
import { openSqliteFile, prepareColumn } from './sqlite-file.ts';

/** An expected problem (missing file, not a salon database, …): its message is the whole story, one line. */
export class DatabaseFileError extends Error {
  override name = 'DatabaseFileError';
}

/** The file is not a database SQLite can read (not SQLite at all, or too damaged). */
export class UnreadableDatabaseError extends DatabaseFileError {
  override name = 'UnreadableDatabaseError';
}

/** A salon database has these tables (the last one records its migrations). */
const SALON_TABLES = ['clients', 'staff', 'sessions', 'kysely_migration'] as const;

export type DatabaseSummary = {
  /** `ok`, or what PRAGMA integrity_check found. */
  integrity: string;
  /** SALON_TABLES the file lacks (none for a salon database). */
  missingTables: string[];
  /** The migrations recorded in the file, in order. */
  migrations: string[];
  clients: number;
  staff: number;
};

export type CopiedDatabase = DatabaseSummary & { file: string; bytes: number };

export type CopyProgress = { copiedBytes: number; totalBytes: number };

export type CopyOptions = {
  onProgress?: (progress: CopyProgress) => void;
  /** Throws to refuse the copy, which is then deleted instead of taking its final name. */
  check?: (summary: DatabaseSummary) => void;
  /** Pages per backup step (tests make it small to see progress on a small file). */
  pagesPerStep?: number;
};

/**
 * 100 pages (400 KiB) per step, so progress moves. A read transaction held across the steps pins one snapshot
 * (else SQLite restarts the copy at every commit of the server); in WAL mode it holds up no one.
 */
const PAGES_PER_STEP = 100;

/** The file names SQLite uses beside a database (its write-ahead log and shared memory, its rollback journal). */
const COMPANIONS = ['-wal', '-shm', '-journal'];

/** Deletes the files SQLite keeps beside a database (a stale -wal would be applied to whatever file next has that name). */
export function removeCompanions(file: string): void {
  for (const suffix of COMPANIONS) rmSync(file + suffix, { force: true });
}

export function removeDatabaseFiles(file: string): void {
  rmSync(file, { force: true });
  removeCompanions(file);
}

/** `backups/` beside the database file: `data/backups/` by default. */
export function backupDirectoryOf(databaseFile: string): string {
  return join(dirname(databaseFile), 'backups');
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * `<prefix>-YYYYMMDD-HHMMSS.db` in local time (what an operator reads), in `dir`; `-2`, `-3`…
 * when a backup of the same second is there already.
 */
export function timestampedFile(dir: string, prefix: string, now: Date): string {
  const stamp =
    `${now.getFullYear()}${twoDigits(now.getMonth() + 1)}${twoDigits(now.getDate())}-` +
    `${twoDigits(now.getHours())}${twoDigits(now.getMinutes())}${twoDigits(now.getSeconds())}`;
  let file = join(dir, `${prefix}-${stamp}.db`);
  for (let copy = 2; existsSync(file); copy += 1) file = join(dir, `${prefix}-${stamp}-${copy}.db`);
  return file;
}

/** A file system or SQLite error in a few words (for one-line messages). */
export function describeError(error: unknown): string {
  const sqlite = sqliteResultCode(error);
  if (sqlite === SQLITE.READONLY) return 'permission denied';
  if (sqlite === SQLITE.CANTOPEN) return 'the file cannot be created there';
  if (sqlite === SQLITE.FULL) return 'no space left on the device';
  if (error instanceof Error && 'code' in error) {
    const code = String(error.code);
    if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
    if (code === 'ENOTDIR' || code === 'EEXIST') return 'a part of the path is a file, not a directory';
    if (code === 'ENOSPC') return 'no space left on the device';
    if (code === 'EROFS') return 'read-only file system';
  }
  return error instanceof Error ? error.message : String(error);
}

/** Creates `dir` when missing (owner-only: backups hold the client list and password hashes). */
export function ensureWritableDirectory(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 }); // EEXIST: a file of that name is in the way
  } catch (error) {
    throw new DatabaseFileError(`Cannot write to ${dir}: ${describeError(error)}`);
  }
}

/** fsync a file or a directory (after a rename, so that the new name survives a power cut). */
export function syncToDisk(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A SQLite error saying the file is not a database, or a damaged one SQLite cannot even read. */
export function isUnreadableDatabase(error: unknown): boolean {
  const code = sqliteResultCode(error);
  return code === SQLITE.NOTADB || code === SQLITE.CORRUPT;
}

/** What the database open in `db` holds; `shownAs` names it in messages. */
export function summarizeDatabase(db: DatabaseSync, shownAs: string): DatabaseSummary {
  try {
    const tables = new Set(prepareColumn(db, "SELECT name FROM sqlite_schema WHERE type = 'table'").all() as string[]);
    const integrity = prepareColumn(db, 'PRAGMA integrity_check').all() as string[];
    const count = (table: string) => (tables.has(table) ? (prepareColumn(db, `SELECT count(*) FROM ${table}`).get() as number) : 0);
    return {
      integrity: integrity.map((line) => line.replace(/\s+/g, ' ')).join('; '), // one line
      missingTables: SALON_TABLES.filter((table) => !tables.has(table)),
      migrations: tables.has('kysely_migration')
        ? (prepareColumn(db, 'SELECT name FROM kysely_migration ORDER BY name').all() as string[])
        : [],
      clients: count('clients'),
      staff: count('staff'),
    };
  } catch (error) {
    if (isUnreadableDatabase(error)) throw new UnreadableDatabaseError(`${shownAs} is not an SQLite database, or is too damaged to read`);
    throw error;
  }
}

/** Refuses a file that is not a salon database. */
export function requireSalonDatabase(summary: DatabaseSummary, shownAs: string): void {
  if (summary.missingTables.length > 0) {
    const missing = summary.missingTables;
    const names = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} or ${missing.at(-1)}` : missing[0];
    throw new DatabaseFileError(`${shownAs} is not a salon database (it has no ${names} table)`);
  }
}

/**
 * Refuses a file written by a newer version of the salon: one whose recorded migrations are
 * not all known here (this version's code could misread its tables). An older file is fine:
 * the server migrates it on start.
 */
export function requireKnownSchema(summary: DatabaseSummary, shownAs: string, known: readonly string[] = Object.keys(migrations)): void {
  const unknown = summary.migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new DatabaseFileError(
      `${shownAs} comes from a newer version of the salon (migration ${unknown.join(', ')} is unknown to this one): update the salon first`,
    );
  }
}

/** The temporary file a copy is written to before it is renamed into place; `pid` is the copying process. */
const partialFile = (destFile: string, pid: number) => join(dirname(destFile), `.${basename(destFile)}.${pid}.partial`);
const PARTIAL = /^\..+\.(\d+)\.partial$/;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes what copies interrupted by a kill or Ctrl-C left in `dir`: partial files of processes no longer running. */
function removeAbandonedPartials(dir: string): void {
  for (const name of readdirSync(dir)) {
    const pid = PARTIAL.exec(name)?.[1];
    if (pid !== undefined && !isRunning(Number(pid))) removeDatabaseFiles(join(dir, name));
  }
}

/**
 * Copies the database open in `source` to `destFile`: into a temporary file beside it (one self-contained file,
 * checked, owner-only, fsynced), then renamed over `destFile`. A failed copy leaves nothing; a killed one's
 * partial file is removed by the next copy into that directory.
 */
export async function copyDatabase(source: DatabaseSync, destFile: string, options: CopyOptions = {}): Promise<CopiedDatabase> {
  const dir = dirname(destFile);
  ensureWritableDirectory(dir);
  removeAbandonedPartials(dir);
  const temporary = partialFile(destFile, process.pid);
  removeDatabaseFiles(temporary);
  try {
    const pageSize = prepareColumn(source, 'PRAGMA page_size').get() as number;
    const pinSnapshot = !source.isTransaction;
    if (pinSnapshot) {
      source.exec('BEGIN');
      source.prepare('SELECT count(*) FROM sqlite_schema').get(); // starts the read: the snapshot is taken here
    }
    try {
      // node:sqlite tells the progress after each step: the start, 0 %, is told here (of the snapshot just pinned).
      const totalBytes = (prepareColumn(source, 'PRAGMA page_count').get() as number) * pageSize;
      options.onProgress?.({ copiedBytes: 0, totalBytes });
      await backup(source, temporary, {
        rate: options.pagesPerStep ?? PAGES_PER_STEP,
        progress: ({ totalPages, remainingPages }) =>
          options.onProgress?.({ copiedBytes: (totalPages - remainingPages) * pageSize, totalBytes: totalPages * pageSize }),
      });
    } catch (error) {
      throw new DatabaseFileError(`Cannot write the copy to ${destFile}: ${describeError(error)}`);
    } finally {
      if (pinSnapshot) source.exec('COMMIT');
    }

    const copy = openSqliteFile(temporary, { mustExist: true });
    let summary: DatabaseSummary;
    try {
      // The copy carries the live file's WAL flag; a backup is better as one file.
      copy.exec('PRAGMA journal_mode = DELETE');
      summary = summarizeDatabase(copy, destFile);
    } finally {
      copy.close();
    }
    options.check?.(summary);
    chmodSync(temporary, 0o600);
    syncToDisk(temporary);
    renameSync(temporary, destFile);
    syncToDisk(dir);
    return { ...summary, file: destFile, bytes: statSync(destFile).size };
  } finally {
    removeDatabaseFiles(temporary);
  }
}

/** True when the two paths are the same file, or `file` is one of the database's companions. */
export function isDatabaseOrCompanion(file: string, databaseFile: string): boolean {
  const target = resolve(file);
  if ([databaseFile, ...COMPANIONS.map((suffix) => databaseFile + suffix)].includes(target)) return true;
  // Another name for the same file (a symbolic or hard link).
  const [a, b] = [statIfAny(target), statIfAny(databaseFile)];
  return a !== undefined && b !== undefined && a.ino === b.ino && a.dev === b.dev;
}

/** What is at `path`, or undefined when nothing can be (no such file, a file where a directory should be). */
export function statIfAny(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

export type BackupOptions = Pick<CopyOptions, 'onProgress' | 'pagesPerStep'>;

/**
 * Backs up the live database to `destFile` while the server runs. Refuses (DatabaseFileError)
 * when there is no database, when it is not a salon database, and when the copy fails
 * PRAGMA integrity_check (then the live file itself is likely damaged; no copy is kept).
 */
export async function backupDatabase(databaseFile: string, destFile: string, options: BackupOptions = {}): Promise<CopiedDatabase> {
  if (!existsSync(databaseFile)) throw new DatabaseFileError(`No database at ${databaseFile} (DATABASE_URL): nothing to back up`);
  if (isDatabaseOrCompanion(destFile, databaseFile))
    throw new DatabaseFileError(`${destFile} is the live database: back it up to another file`);
  let source: DatabaseSync;
  try {
    // In WAL mode only an exclusive lock keeps a reader out (a restore, the recovery after a
    // crash), and only for a moment: wait for it.
    source = openSqliteFile(databaseFile, { mustExist: true, timeoutMs: 5000 });
  } catch (error) {
    throw new DatabaseFileError(`Cannot open ${databaseFile}: ${describeError(error)}`);
  }
  try {
    source.exec('PRAGMA query_only = ON');
    return await copyDatabase(source, destFile, {
      ...options,
      check: (summary) => {
        requireSalonDatabase(summary, databaseFile);
        if (summary.integrity !== 'ok') {
          throw new DatabaseFileError(
            `The copy of ${databaseFile} fails integrity_check (${summary.integrity.slice(0, 200)}): the database itself may be damaged; no backup was kept`,
          );
        }
      },
    });
  } catch (error) {
    if (isUnreadableDatabase(error) || error instanceof UnreadableDatabaseError) {
      throw new UnreadableDatabaseError(`${databaseFile} is not an SQLite database, or is too damaged to read`);
    }
    if (sqliteResultCode(error) === SQLITE.BUSY) {
      throw new DatabaseFileError(`${databaseFile} stayed locked by another program (a restore?) for 5 s: try again`);
    }
    throw error;
  } finally {
    source.close();
  }
}
