/**
 * The backup and restore CLIs' logic, apart from the process (so tests can run it): parses
 * the arguments, runs the command on the database file, and reports through `io`.
 */
import { resolve } from 'node:path';
import {
  backupDatabase,
  backupDirectoryOf,
  DatabaseFileError,
  statIfAny,
  timestampedFile,
  type CopyProgress,
  type DatabaseSummary,
} from '../db/backup.ts';
import { restoreDatabase } from '../db/restore.ts';
import { commandArguments, refusalsExitOne, type CommandIo, type Progress } from './run-command.ts';

export const BACKUP_USAGE = `Usage: npm run backup [-- --to FILE]

Copies the database while the server runs (SQLite's online backup), checks the copy with
PRAGMA integrity_check, and prints where it is, its size and what it holds.
  --to FILE   where to write it (a directory: a timestamped file in it); by default
              backups/salon-YYYYMMDD-HHMMSS.db beside the database (data/backups/)
The database is the server's: DATABASE_URL (default file:./data/salon.db).`;

export const RESTORE_USAGE = `Usage: npm run restore -- FILE

Replaces the database with the backup FILE, with the server stopped. FILE is checked first
(integrity, a salon database, a schema this version knows); the current database is kept
as backups/pre-restore-YYYYMMDD-HHMMSS.db beside it. The next start migrates an older file.
The database is the server's: DATABASE_URL (default file:./data/salon.db).`;

export type DatabaseCommandIo = CommandIo & { progress: Progress };

export type DatabaseCommandOptions = {
  now?: () => Date;
  /** Progress shows once a backup has taken this long (default 1 s: only a large database shows any). */
  progressAfterMs?: number;
  pagesPerStep?: number;
  knownMigrations?: readonly string[];
};

const PROGRESS_AFTER_MS = 1000;

const formatInt = (value: number) => value.toLocaleString('en-US');
const plural = (count: number, word: string) => `${formatInt(count)} ${word}${count === 1 ? '' : 's'}`;
const mebibytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

const describeContents = (summary: DatabaseSummary) => `${plural(summary.clients, 'client')}, ${plural(summary.staff, 'staff account')}`;

function progressPrinter(io: DatabaseCommandIo, afterMs: number) {
  const started = performance.now();
  let lastTenth = -1;
  let shown = false;
  return {
    update({ copiedBytes, totalBytes }: CopyProgress) {
      if (performance.now() - started < afterMs || totalBytes === 0) return;
      const percent = Math.floor((copiedBytes / totalBytes) * 100);
      const line = `Backing up: ${percent}% of ${mebibytes(totalBytes)}`;
      if (io.progress.isTTY) io.progress.write(`\r${line}`);
      else if (Math.floor(percent / 10) > lastTenth) io.progress.write(`${line}\n`);
      lastTenth = Math.floor(percent / 10);
      shown = true;
    },
    end() {
      if (shown && io.progress.isTTY) io.progress.write('\r\x1b[K');
    },
  };
}

/** Runs `npm run backup`; returns the exit code (0 done, 1 refused, 2 usage). */
export async function runBackupCommand(
  args: readonly string[],
  databaseFile: string,
  io: DatabaseCommandIo,
  options: DatabaseCommandOptions = {},
): Promise<number> {
  const parsed = commandArguments(args, io, BACKUP_USAGE, { options: { to: { type: 'string' } } });
  if (typeof parsed === 'number') return parsed;
  const { to } = parsed.values;
  const now = options.now?.() ?? new Date();
  const target = to === undefined ? undefined : resolve(to);
  const destFile =
    target === undefined
      ? timestampedFile(backupDirectoryOf(databaseFile), 'salon', now)
      : statIfAny(target)?.isDirectory()
        ? timestampedFile(target, 'salon', now)
        : target;
  const progress = progressPrinter(io, options.progressAfterMs ?? PROGRESS_AFTER_MS);
  const started = performance.now();
  return refusalsExitOne(io, [DatabaseFileError], async () => {
    const copy = await backupDatabase(databaseFile, destFile, { onProgress: progress.update, pagesPerStep: options.pagesPerStep }).finally(
      progress.end,
    );
    io.out(`Backed up ${databaseFile} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    io.out(`  File:  ${copy.file}`);
    io.out(`  Size:  ${mebibytes(copy.bytes)} (${formatInt(copy.bytes)} bytes)`);
    io.out(`  Holds: ${describeContents(copy)}; integrity_check ok`);
    return 0;
  });
}

/** Runs `npm run restore -- FILE`; returns the exit code (0 done, 1 refused, 2 usage). */
export async function runRestoreCommand(
  args: readonly string[],
  databaseFile: string,
  io: DatabaseCommandIo,
  options: DatabaseCommandOptions = {},
): Promise<number> {
  const parsed = commandArguments(args, io, RESTORE_USAGE, { options: {}, positionals: 1 });
  if (typeof parsed === 'number') return parsed;
  const [backupFile] = parsed.positionals as [string];
  return refusalsExitOne(io, [DatabaseFileError], async () => {
    const { restored, previous } = await restoreDatabase(backupFile, databaseFile, options);
    io.out(`Checked ${restored.file}: integrity_check ok, ${describeContents(restored)}`);
    if (previous?.summary) io.out(`Kept the database it replaces as ${previous.file} (${describeContents(previous.summary)})`);
    else if (previous) io.out(`Kept the file it replaces, which SQLite could not read, as ${previous.file}`);
    if (previous?.summary && previous.summary.integrity !== 'ok') {
      io.out(`  (that copy fails integrity_check: ${previous.summary.integrity.slice(0, 200)})`);
    }
    io.out(`Restored ${databaseFile}. Start the server: it migrates the file when it comes from an older version.`);
    return 0;
  });
}
