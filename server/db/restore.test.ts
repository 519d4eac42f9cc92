import { spawn } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, openSync, readdirSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { aClient, asStaff, createClient, createTestApp, loggedIn, logIn, STAFF, temporaryDirectory } from '../testing/test-app.ts';
import { backupDatabase, DatabaseFileError } from './backup.ts';
import { migrations } from './migrations/index.ts';
import { restoreDatabase } from './restore.ts';
import { openSqliteFile, prepareColumn } from './sqlite-file.ts';

const AT = new Date(2026, 4, 6, 7, 8, 9);
const now = () => AT;

function clientIds(file: string): string[] {
  const db = openSqliteFile(file, { readOnly: true });
  try {
    return prepareColumn(db, 'SELECT id FROM clients ORDER BY id').all() as string[];
  } finally {
    db.close();
  }
}

/** A salon database with two clients, closed (the server stopped), and a backup of it. */
async function databaseAndBackup() {
  const test = await loggedIn();
  const kept = [await createClient(test), await createClient(test, { ...aClient, lastName: 'Second' })];
  const backup = join(temporaryDirectory(), 'backup.db');
  await backupDatabase(test.databaseFile, backup);
  await createClient(test, { ...aClient, lastName: 'After the backup' });
  await test.app.staffAccounts.add('later', 'a password for later', 'staff');
  return { test, backup, kept: kept.map((client) => client._id).sort() };
}

/** Sets up the refusal case on a copy of a good backup and returns the file to restore. */
function alteredBackup(backup: string, change: (db: DatabaseSync) => void): string {
  const file = join(temporaryDirectory(), 'altered.db');
  copyFileSync(backup, file);
  const db = openSqliteFile(file);
  change(db);
  db.close();
  return file;
}

describe('restoreDatabase', () => {
  it('puts back exactly the backup: its clients and staff accounts, and the server starts on it', async () => {
    const { test, backup, kept } = await databaseAndBackup();
    await test.app.close();

    const result = await restoreDatabase(backup, test.databaseFile, { now });
    expect(result.restored).toMatchObject({ file: backup, clients: 2, staff: 1, integrity: 'ok' });

    expect(clientIds(test.databaseFile)).toEqual(kept);
    const again = await createTestApp({ databaseFile: test.databaseFile, withStaff: false });
    const cookie = await logIn(again.app);
    const list = await again.app.inject({ method: 'GET', url: '/api/clients', headers: { cookie } });
    expect(
      list
        .json<Array<{ _id: string }>>()
        .map((client) => client._id)
        .sort(),
    ).toEqual(kept);
    expect((await again.app.staffAccounts.list()).map((account) => account.username)).toEqual([STAFF.username]);
  });

  it('keeps the database it replaces as backups/pre-restore-….db, whole', async () => {
    const { test, backup } = await databaseAndBackup();
    const before = clientIds(test.databaseFile);
    await test.app.close();

    const { previous } = await restoreDatabase(backup, test.databaseFile, { now });
    const kept = join(test.databaseFile, '..', 'backups', 'pre-restore-20260506-070809.db');
    expect(previous).toEqual({ file: kept, summary: expect.objectContaining({ clients: 3, staff: 2, integrity: 'ok' }) });
    expect(clientIds(kept)).toEqual(before);
    expect(statSync(kept).mode & 0o777).toBe(0o600);
  });

  it('refuses while a server has the database open, idle or not, and changes nothing', async () => {
    const { test, backup } = await databaseAndBackup();
    const before = clientIds(test.databaseFile);
    await expect(restoreDatabase(backup, test.databaseFile, { now })).rejects.toThrow(
      `${test.databaseFile} is in use by a running server (or another program): stop it, then restore`,
    );
    expect(clientIds(test.databaseFile)).toEqual(before);
    expect(existsSync(join(test.databaseFile, '..', 'backups'))).toBe(false);
    expect(readdirSync(join(test.databaseFile, '..')).filter((name) => name.startsWith('.'))).toEqual([]);
    // And the server goes on working.
    expect((await asStaff(test, 'GET', '/api/clients')).statusCode).toBe(200);

    await test.app.close();
    await expect(restoreDatabase(backup, test.databaseFile, { now })).resolves.toBeDefined();
  });

  it('is not blocked by a server killed with SIGKILL, and drops its -wal and -shm after keeping what they held', async () => {
    const { test, backup, kept } = await databaseAndBackup();
    await test.app.close();
    // Another process writes into the WAL (no checkpoint) and is killed: its lock dies with it.
    const child = spawn(
      process.execPath,
      [
        '-e',
        `const { DatabaseSync } = require('node:sqlite');
         const db = new DatabaseSync(process.argv[1]);
         db.exec('PRAGMA journal_mode = WAL');
         db.exec('PRAGMA wal_autocheckpoint = 0');
         db.prepare("INSERT INTO clients (id, first_name, last_name, email, registration_date_time, created_at, updated_at) VALUES ('from-the-killed-server', 'K', 'S', 'k@example.com', '2024-05-01T10:30:00.000Z', 'x', 'x')").run();
         process.stdout.write('written');
         setInterval(() => {}, 1000);`,
        test.databaseFile,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise((resolve) => child.stdout.once('data', resolve));
    await expect(restoreDatabase(backup, test.databaseFile, { now })).rejects.toBeInstanceOf(DatabaseFileError);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(statSync(`${test.databaseFile}-wal`).size).toBeGreaterThan(0);

    const { previous } = await restoreDatabase(backup, test.databaseFile, { now });
    expect(clientIds(previous?.file ?? '')).toContain('from-the-killed-server');
    expect(existsSync(`${test.databaseFile}-wal`)).toBe(false);
    expect(existsSync(`${test.databaseFile}-shm`)).toBe(false);
    expect(clientIds(test.databaseFile)).toEqual(kept);
  });

  it('restores over a file SQLite cannot read, keeping it as it was', async () => {
    const { test, backup, kept } = await databaseAndBackup();
    await test.app.close();
    writeFileSync(test.databaseFile, 'overwritten by mistake '.repeat(100));
    const { previous } = await restoreDatabase(backup, test.databaseFile, { now });
    expect(previous?.summary).toBeNull();
    expect(readFileSync(previous?.file ?? '', 'utf8')).toBe('overwritten by mistake '.repeat(100));
    expect(clientIds(test.databaseFile)).toEqual(kept);
  });

  it('restores where there is no database yet', async () => {
    const { backup, kept } = await databaseAndBackup();
    const databaseFile = join(temporaryDirectory(), 'new', 'salon.db');
    const { previous } = await restoreDatabase(backup, databaseFile, { now });
    expect(previous).toBeUndefined();
    expect(clientIds(databaseFile)).toEqual(kept);
    expect(readdirSync(join(databaseFile, '..'))).toEqual(['salon.db']);
  });

  it('accepts a backup from an older version (the server migrates it on start)', async () => {
    const { test, backup } = await databaseAndBackup();
    await test.app.close();
    const known = [...Object.keys(migrations), '9000_a_later_migration'];
    await expect(restoreDatabase(backup, test.databaseFile, { now, knownMigrations: known })).resolves.toBeDefined();
  });

  it.each([
    ['a missing file', () => '/nonexistent/backup.db', 'No such file: /nonexistent/backup.db'],
    ['a directory', () => temporaryDirectory(), /^\/.* is not a file$/],
    [
      'a file that is not SQLite',
      () => {
        const file = join(temporaryDirectory(), 'garbage.db');
        writeFileSync(file, Buffer.alloc(8192, 0x5a));
        return file;
      },
      /garbage\.db is not an SQLite database, or is too damaged to read$/,
    ],
    [
      'a database that is not a salon database',
      (backup: string) => alteredBackup(backup, (db) => db.exec('DROP TABLE sessions')),
      /altered\.db is not a salon database \(it has no sessions table\)$/,
    ],
    [
      'a database from a newer version',
      (backup: string) =>
        alteredBackup(backup, (db) => db.exec("INSERT INTO kysely_migration VALUES ('0099_from_the_future', '2030-01-01')")),
      /altered\.db comes from a newer version of the salon \(migration 0099_from_the_future is unknown to this one\): update the salon first$/,
    ],
    [
      'a damaged database',
      (backup: string) => {
        const file = join(temporaryDirectory(), 'damaged.db');
        copyFileSync(backup, file);
        // The header's count of free pages (offset 36) made wrong: damage integrity_check finds.
        const fd = openSync(file, 'r+');
        writeSync(fd, Buffer.from([0, 0, 0, 7]), 0, 4, 36);
        closeSync(fd);
        return file;
      },
      /damaged\.db is damaged: integrity_check says \*\*\* in database main \*\*\* Freelist: size is \d+ but should be 7$/,
    ],
  ])('refuses %s, and changes nothing', async (_, file, message) => {
    const { test, backup } = await databaseAndBackup();
    await test.app.close();
    const before = clientIds(test.databaseFile);
    const dir = join(test.databaseFile, '..');
    const entries = readdirSync(dir);
    await expect(restoreDatabase(file(backup), test.databaseFile, { now })).rejects.toThrow(message);
    expect(clientIds(test.databaseFile)).toEqual(before);
    expect(readdirSync(dir)).toEqual(entries);
  });

  it('refuses to restore the database over itself', async () => {
    const { test } = await databaseAndBackup();
    await test.app.close();
    await expect(restoreDatabase(test.databaseFile, test.databaseFile)).rejects.toThrow(/is the database itself: name a backup$/);
  });

  it('gives the restored file the owner and mode of the one it replaces', async () => {
    const { test, backup } = await databaseAndBackup();
    await test.app.close();
    const mode = statSync(test.databaseFile).mode & 0o777;
    expect(statSync(backup).mode & 0o777).not.toBe(mode);
    await restoreDatabase(backup, test.databaseFile, { now });
    expect(statSync(test.databaseFile).mode & 0o777).toBe(mode);
  });
});
