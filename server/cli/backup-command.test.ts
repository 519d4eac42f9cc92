import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createClient, createTestApp, loggedIn, temporaryDirectory } from '../testing/test-app.ts';
import { BACKUP_USAGE, RESTORE_USAGE, runBackupCommand, runRestoreCommand, type DatabaseCommandIo } from './backup-command.ts';

function fakeIo(isTTY = false) {
  const out: string[] = [];
  const err: string[] = [];
  const progress: string[] = [];
  const io: DatabaseCommandIo = {
    out: (line) => void out.push(line),
    err: (line) => void err.push(line),
    progress: { isTTY, write: (text) => void progress.push(text) },
  };
  return { out, err, progress, io };
}

const AT = new Date(2026, 10, 22, 3, 15, 0);
const now = () => AT;

describe('runBackupCommand', () => {
  it('writes data/backups/salon-YYYYMMDD-HHMMSS.db beside the database and prints the file, its size and what it holds', async () => {
    const test = await loggedIn();
    await createClient(test);
    await createClient(test);
    const run = fakeIo();
    expect(await runBackupCommand([], test.databaseFile, run.io, { now })).toBe(0);
    const file = join(test.databaseFile, '..', 'backups', 'salon-20261122-031500.db');
    expect(existsSync(file)).toBe(true);
    expect(run.out).toEqual([
      expect.stringMatching(new RegExp(`^Backed up ${test.databaseFile} in \\d+\\.\\d\\d s$`)),
      `  File:  ${file}`,
      expect.stringMatching(/^ {2}Size: {2}\d+\.\d MiB \([\d,]+ bytes\)$/),
      '  Holds: 2 clients, 1 staff account; integrity_check ok',
    ]);
    expect(run.err).toEqual([]);
    expect(run.progress).toEqual([]); // a small database shows no progress
  });

  it('writes where --to says: a file, or a timestamped file in a directory', async () => {
    const test = await loggedIn();
    const dir = temporaryDirectory();
    const run = fakeIo();
    expect(await runBackupCommand(['--to', join(dir, 'nightly.db')], test.databaseFile, run.io, { now })).toBe(0);
    expect(run.out[1]).toBe(`  File:  ${join(dir, 'nightly.db')}`);
    mkdirSync(join(dir, 'usb'));
    expect(await runBackupCommand([`--to=${join(dir, 'usb')}`], test.databaseFile, run.io, { now })).toBe(0);
    expect(readdirSync(join(dir, 'usb'))).toEqual(['salon-20261122-031500.db']);
  });

  it('shows progress on a terminal in one line rewritten in place, and clears it', async () => {
    const test = await loggedIn();
    const run = fakeIo(true);
    expect(await runBackupCommand([], test.databaseFile, run.io, { now, progressAfterMs: 0, pagesPerStep: 1 })).toBe(0);
    expect(run.progress.length).toBeGreaterThan(3);
    expect(run.progress[0]).toMatch(/^\rBacking up: 0% of \d+\.\d MiB$/);
    expect(run.progress.at(-1)).toBe('\r\x1b[K');
  });

  it('shows progress elsewhere as a line every 10 %', async () => {
    const test = await loggedIn();
    for (let index = 0; index < 300; index += 1) await createClient(test);
    const run = fakeIo(false);
    expect(await runBackupCommand([], test.databaseFile, run.io, { now, progressAfterMs: 0, pagesPerStep: 1 })).toBe(0);
    const percents = run.progress.map((line) => Number(/^Backing up: (\d+)% of [\d.]+ MiB\n$/.exec(line)?.[1]));
    expect(percents.length).toBeGreaterThanOrEqual(8);
    expect(percents.length).toBeLessThanOrEqual(10);
    expect(percents.map((percent) => Math.floor(percent / 10))).toEqual([...new Set(percents.map((percent) => Math.floor(percent / 10)))]);
  }, 30_000);

  it('refuses with one line and exit code 1: no database, a destination it cannot write', async () => {
    const dir = temporaryDirectory();
    const missing = fakeIo();
    expect(await runBackupCommand([], join(dir, 'salon.db'), missing.io, { now })).toBe(1);
    expect(missing.err).toEqual([`No database at ${join(dir, 'salon.db')} (DATABASE_URL): nothing to back up`]);

    const test = await loggedIn();
    const unwritable = fakeIo();
    expect(await runBackupCommand(['--to', join(test.databaseFile, 'inside-a-file.db')], test.databaseFile, unwritable.io, { now })).toBe(
      1,
    );
    expect(unwritable.err).toEqual([`Cannot write to ${test.databaseFile}: a part of the path is a file, not a directory`]);
  });

  it.each([[['--to']], [['extra']], [['--unknown']]])('prints the usage and exits 2 for %o', async (args) => {
    const run = fakeIo();
    expect(await runBackupCommand(args, join(temporaryDirectory(), 'salon.db'), run.io)).toBe(2);
    expect(run.err).toEqual([BACKUP_USAGE]);
  });
});

describe('--help', () => {
  it('prints the usage on stdout and exits 0', async () => {
    const file = join(temporaryDirectory(), 'salon.db');
    const backup = fakeIo();
    expect(await runBackupCommand(['--help'], file, backup.io)).toBe(0);
    expect(backup.out).toEqual([BACKUP_USAGE]);
    const restore = fakeIo();
    expect(await runRestoreCommand(['--help'], file, restore.io)).toBe(0);
    expect(restore.out).toEqual([RESTORE_USAGE]);
  });
});

describe('runRestoreCommand', () => {
  it('prints what it checked, where it kept the database it replaced, and what to do next', async () => {
    const test = await loggedIn();
    await createClient(test);
    const backup = join(temporaryDirectory(), 'backup.db');
    await runBackupCommand(['--to', backup], test.databaseFile, fakeIo().io);
    await createClient(test);
    await test.app.close();

    const run = fakeIo();
    expect(await runRestoreCommand([backup], test.databaseFile, run.io, { now })).toBe(0);
    expect(run.out).toEqual([
      `Checked ${backup}: integrity_check ok, 1 client, 1 staff account`,
      `Kept the database it replaces as ${join(test.databaseFile, '..', 'backups', 'pre-restore-20261122-031500.db')} (2 clients, 1 staff account)`,
      `Restored ${test.databaseFile}. Start the server: it migrates the file when it comes from an older version.`,
    ]);
    expect(run.err).toEqual([]);
  });

  it('refuses with one line and exit code 1 while the server runs', async () => {
    const test = await loggedIn();
    const backup = join(temporaryDirectory(), 'backup.db');
    await runBackupCommand(['--to', backup], test.databaseFile, fakeIo().io);
    const run = fakeIo();
    expect(await runRestoreCommand([backup], test.databaseFile, run.io, { now })).toBe(1);
    expect(run.err).toEqual([`${test.databaseFile} is in use by a running server (or another program): stop it, then restore`]);
    expect(run.out).toEqual([]);
  });

  it.each([[[]], [['a.db', 'b.db']], [['--to', 'a.db']]])('prints the usage and exits 2 for %o', async (args) => {
    const run = fakeIo();
    expect(await runRestoreCommand(args, join(temporaryDirectory(), 'salon.db'), run.io)).toBe(2);
    expect(run.err).toEqual([RESTORE_USAGE]);
  });
});

describe('the backup and restore processes', () => {
  it('back up a running server, refuse to restore under it, restore once it stopped, with DATABASE_URL and exit codes', async () => {
    const dir = temporaryDirectory();
    const databaseFile = join(dir, 'data', 'salon.db');
    const run = (cli: 'backup' | 'restore', args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(`./${cli}.ts`, import.meta.url)), ...args], {
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: `file:${databaseFile}` },
        timeout: 60_000,
      });

    const test = await loggedIn({ databaseFile });
    await createClient(test);
    const backup = run('backup', []);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    const file = /^ {2}File: {2}(.+)$/m.exec(backup.stdout)?.[1] ?? '';
    expect(file).toMatch(new RegExp(`^${join(dir, 'data', 'backups')}/salon-\\d{8}-\\d{6}\\.db$`));
    expect(backup.stdout).toContain('  Holds: 1 client, 1 staff account; integrity_check ok\n');
    await createClient(test);

    const refused = run('restore', [file]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(`${databaseFile} is in use by a running server (or another program): stop it, then restore\n`);

    await test.app.close();
    const restored = run('restore', [file]);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain(`Restored ${databaseFile}.`);
    const again = await createTestApp({ databaseFile, withStaff: false });
    expect(await again.app.db.selectFrom('clients').select('id').execute()).toHaveLength(1);

    const garbage = run('restore', [join(dir, 'nothing-here.db')]);
    expect(garbage.status).toBe(1);
    expect(garbage.stderr).toBe(`No such file: ${join(dir, 'nothing-here.db')}\n`);

    const badUrl = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./backup.ts', import.meta.url))], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: 'file:' },
      timeout: 60_000,
    });
    expect(badUrl.status).toBe(1);
    expect(badUrl.stderr).toBe('DATABASE_URL: file: needs a path, like file:./data/salon.db\n');
  }, 120_000);
});
