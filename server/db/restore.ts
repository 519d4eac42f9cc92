/**
 * Restore (`npm run restore -- FILE`): checks the backup, refuses while anything has the database open,
 * keeps the current one as `backups/pre-restore-….db`, and renames the backup over it (its -wal and -shm gone).
 */
import { chmodSync, chownSync, copyFileSync, existsSync, renameSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import {
  backupDirectoryOf,
  copyDatabase,
  DatabaseFileError,
  describeError,
  ensureWritableDirectory,
  isDatabaseOrCompanion,
  isUnreadableDatabase,
  removeCompanions,
  removeDatabaseFiles,
  requireKnownSchema,
  requireSalonDatabase,
  summarizeDatabase,
  syncToDisk,
  timestampedFile,
  type DatabaseSummary,
  UnreadableDatabaseError,
} from './backup.ts';
import { SQLITE, sqliteResultCode } from './errors.ts';
import { openSqliteFile } from './sqlite-file.ts';

export type RestoreOptions = {
  now?: () => Date;
  /** The migrations this version knows (all of migrations/index.ts); tests pass others. */
  knownMigrations?: readonly string[];
};

export type RestoreResult = {
  /** The backup that is now the database. */
  restored: DatabaseSummary & { file: string };
  /** Where the database it replaced was kept and what it held (summary null: SQLite could not read it); undefined when there was none. */
  previous?: { file: string; summary: DatabaseSummary | null };
};

/**
 * The database file locked for the restore (kept until the backup is in place), or DatabaseFileError while
 * anything has it open: in WAL mode each connection holds a shared fcntl lock, so an EXCLUSIVE first read fails
 * at once, even against an idle server (BEGIN EXCLUSIVE would not). `undefined`: no file; `'unreadable'`: not SQLite.
 */
function lockDatabase(databaseFile: string): DatabaseSync | 'unreadable' | undefined {
  if (!existsSync(databaseFile)) return undefined;
  const db = openSqliteFile(databaseFile, { mustExist: true });
  try {
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return db;
  } catch (error) {
    db.close();
    if (isUnreadableDatabase(error)) return 'unreadable';
    if (sqliteResultCode(error) === SQLITE.BUSY) {
      throw new DatabaseFileError(`${databaseFile} is in use by a running server (or another program): stop it, then restore`);
    }
    throw error;
  }
}

/**
 * Copies `file` (and its -wal, when there is one) to `destination` and makes that one
 * self-contained file: the backup itself is only ever read.
 */
function copyAsOneFile(file: string, destination: string): void {
  copyFileSync(file, destination);
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${destination}-wal`);
  const db = openSqliteFile(destination, { mustExist: true });
  try {
    db.exec('PRAGMA journal_mode = DELETE');
  } catch (error) {
    if (!isUnreadableDatabase(error)) throw error;
  } finally {
    db.close();
  }
}

/** Keeps the database being replaced as `kept`: an online copy, or the file as it is when SQLite cannot read it. */
async function keepCurrent(
  lock: DatabaseSync | 'unreadable',
  databaseFile: string,
  kept: string,
): Promise<NonNullable<RestoreResult['previous']>> {
  if (lock !== 'unreadable') {
    try {
      return { file: kept, summary: await copyDatabase(lock, kept) };
    } catch (error) {
      if (!(error instanceof UnreadableDatabaseError)) throw error;
    }
  }
  ensureWritableDirectory(dirname(kept));
  for (const suffix of ['', '-wal']) {
    if (existsSync(databaseFile + suffix)) {
      copyFileSync(databaseFile + suffix, kept + suffix);
      chmodSync(kept + suffix, 0o600);
    }
  }
  return { file: kept, summary: null };
}

export async function restoreDatabase(backupFile: string, databaseFile: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const source = resolve(backupFile);
  const sourceStat = statSync(source, { throwIfNoEntry: false });
  if (!sourceStat) throw new DatabaseFileError(`No such file: ${source}`);
  if (!sourceStat.isFile()) throw new DatabaseFileError(`${source} is not a file`);
  if (isDatabaseOrCompanion(source, databaseFile)) throw new DatabaseFileError(`${source} is the database itself: name a backup`);
  const now = options.now?.() ?? new Date();
  const dir = dirname(databaseFile);
  ensureWritableDirectory(dir);

  const lock = lockDatabase(databaseFile);
  // The backup goes through a copy beside the database: checked there, and renamed over it.
  const candidate = join(dir, `.${basename(databaseFile)}.${process.pid}.restoring`);
  try {
    removeDatabaseFiles(candidate);
    try {
      copyAsOneFile(source, candidate);
    } catch (error) {
      if (sqliteResultCode(error) !== undefined) throw error;
      throw new DatabaseFileError(`Cannot copy ${source} to ${dir}: ${describeError(error)}`);
    }
    let restored: DatabaseSummary;
    const checked = openSqliteFile(candidate, { mustExist: true });
    try {
      restored = summarizeDatabase(checked, source);
    } finally {
      checked.close();
    }
    if (restored.integrity !== 'ok')
      throw new DatabaseFileError(`${source} is damaged: integrity_check says ${restored.integrity.slice(0, 200)}`);
    requireSalonDatabase(restored, source);
    requireKnownSchema(restored, source, options.knownMigrations);

    let previous: RestoreResult['previous'];
    if (lock) {
      previous = await keepCurrent(lock, databaseFile, timestampedFile(backupDirectoryOf(databaseFile), 'pre-restore', now));
      // Folds the WAL into the file and deletes it while the lock keeps everyone out, and
      // leaves the lock's connection nothing to do with a -wal when it closes (by then that
      // name is the restored database's).
      if (lock !== 'unreadable') lock.exec('PRAGMA journal_mode = DELETE');
      // The restored file keeps the database's owner and mode (a restore run as root must
      // leave a file the server's user can still write).
      const current = statSync(databaseFile);
      chmodSync(candidate, current.mode & 0o777);
      if (process.getuid?.() === 0) chownSync(candidate, current.uid, current.gid);
    }
    // Stale -wal and -shm (a killed server's, or a database that was unreadable) would be
    // applied to the restored file on the next start.
    removeCompanions(databaseFile);
    syncToDisk(candidate);
    renameSync(candidate, databaseFile);
    syncToDisk(dir);
    return { restored: { ...restored, file: source }, previous };
  } finally {
    removeDatabaseFiles(candidate);
    if (lock && lock !== 'unreadable') lock.close();
  }
}
