import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aClient, createClient, loggedIn, temporaryDirectory, type LoggedInApp } from '../testing/test-app.ts';
import { migrations } from './migrations/index.ts';
import { backupDatabase, backupDirectoryOf, DatabaseFileError, timestampedFile, type CopyProgress } from './backup.ts';
import { openSqliteFile, prepareColumn } from './sqlite-file.ts';

/** Adds `count` clients straight through Kysely (enough rows for a backup of many pages). */
async function addClients(test: LoggedInApp, count: number, tag = 'bulk'): Promise<void> {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, index) => ({
    id: `${tag}-${index}`,
    first_name: 'Bulk',
    last_name: `${tag} ${index}`.padEnd(120, '.'),
    email: `${tag}${index}@example.com`,
    registration_date_time: '2024-05-01T10:30:00.000Z',
    created_at: now,
    updated_at: now,
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await test.app.db
      .insertInto('clients')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

function readCopy(file: string) {
  const db = openSqliteFile(file, { readOnly: true });
  try {
    return {
      ids: new Set(prepareColumn(db, 'SELECT id FROM clients').all() as string[]),
      staff: prepareColumn(db, 'SELECT username FROM staff').all() as string[],
      journalMode: prepareColumn(db, 'PRAGMA journal_mode').get(),
    };
  } finally {
    db.close();
  }
}

describe('backupDatabase', () => {
  it('copies a database that is being written: every client stored before the backup began is in the copy, which passes integrity_check', async () => {
    const test = await loggedIn();
    await addClients(test, 2000);
    const acknowledged: string[] = [];
    let writing = true;
    // Creates through the API the whole time the backup runs, interleaved with its steps.
    const writer = (async () => {
      for (let index = 0; writing; index += 1) {
        acknowledged.push((await createClient(test, { ...aClient, lastName: `During ${index}` }))._id);
      }
    })();
    while (acknowledged.length < 5) await new Promise((resolve) => setImmediate(resolve));
    const before = [...acknowledged];
    const steps: CopyProgress[] = [];
    const dest = join(temporaryDirectory(), 'copy.db');

    // One page per step: the server commits between steps many times. A copy that did not
    // pin one snapshot would restart after each commit, for ever.
    const copy = await backupDatabase(test.databaseFile, dest, {
      pagesPerStep: 1,
      onProgress: (progress) => {
        const previous = steps.at(-1);
        if (previous && progress.copiedBytes <= previous.copiedBytes) throw new Error('The copy started over');
        steps.push(progress);
      },
    });
    writing = false;
    await writer;

    expect(steps.length).toBeGreaterThan(100);
    expect(acknowledged.length).toBeGreaterThan(before.length); // the writes did go on during the copy
    expect(copy.integrity).toBe('ok');
    const stored = readCopy(dest);
    for (const id of before) expect(stored.ids.has(id)).toBe(true);
    expect(copy.clients).toBe(stored.ids.size);
    expect(stored.ids.size).toBeGreaterThanOrEqual(2000 + before.length);
    // Whatever the copy holds beyond that was written by someone: it is one consistent moment.
    for (const id of stored.ids) expect(id.startsWith('bulk-') || acknowledged.includes(id)).toBe(true);
    expect(copy.staff).toBe(1);
    expect(stored.staff).toEqual(['nina']);
  }, 60_000);

  it('writes one self-contained, owner-only file, and reports its size and counts', async () => {
    const test = await loggedIn();
    await createClient(test);
    const dir = temporaryDirectory();
    const dest = join(dir, 'nested', 'copy.db');
    const copy = await backupDatabase(test.databaseFile, dest);
    expect(copy).toMatchObject({
      file: dest,
      integrity: 'ok',
      clients: 1,
      staff: 1,
      missingTables: [],
      migrations: Object.keys(migrations),
    });
    expect(copy.bytes).toBe(statSync(dest).size);
    expect(statSync(dest).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['copy.db']); // no -wal, -shm or temporary file
    expect(readCopy(dest).journalMode).toBe('delete');
  });

  it('removes the partial files that killed backups left in its directory, and no other', async () => {
    const test = await loggedIn();
    const dir = temporaryDirectory();
    // A pid far above Linux's limit is never running; this test's own pid is.
    const abandoned = [join(dir, '.old.db.4194999.partial'), join(dir, '.old.db.4194999.partial-journal')];
    const inProgress = join(dir, `.other.db.${process.pid}.partial`);
    for (const file of [...abandoned, inProgress, join(dir, 'keep.db')]) writeFileSync(file, 'x');
    await backupDatabase(test.databaseFile, join(dir, 'copy.db'));
    expect(readdirSync(dir).sort()).toEqual([`.other.db.${process.pid}.partial`, 'copy.db', 'keep.db']);
  });

  it('replaces an existing file of that name', async () => {
    const test = await loggedIn();
    const dest = join(temporaryDirectory(), 'latest.db');
    await backupDatabase(test.databaseFile, dest);
    await createClient(test);
    expect((await backupDatabase(test.databaseFile, dest)).clients).toBe(1);
    expect(readCopy(dest).ids.size).toBe(1);
  });

  it.each([
    ['there is no database', (dir: string) => join(dir, 'none.db'), /^No database at .*none\.db \(DATABASE_URL\): nothing to back up$/],
    [
      'the file is not SQLite',
      (dir: string) => {
        writeFileSync(join(dir, 'junk.db'), 'this is not a database, just some text that is long enough to have a header'.repeat(20));
        return join(dir, 'junk.db');
      },
      /junk\.db is not an SQLite database, or is too damaged to read$/,
    ],
    [
      'the database is not a salon database',
      (dir: string) => {
        const db = openSqliteFile(join(dir, 'other.db'));
        db.exec('CREATE TABLE recipes (name TEXT)');
        db.close();
        return join(dir, 'other.db');
      },
      /other\.db is not a salon database \(it has no clients, staff, sessions or kysely_migration table\)$/,
    ],
  ])('refuses when %s, and leaves nothing behind', async (_, makeSource, message) => {
    const dir = temporaryDirectory();
    const source = makeSource(dir);
    const backups = join(dir, 'backups');
    await expect(backupDatabase(source, join(backups, 'copy.db'))).rejects.toThrow(message);
    await expect(backupDatabase(source, join(backups, 'copy.db'))).rejects.toBeInstanceOf(DatabaseFileError);
    expect(readdirSync(dir).includes('backups') ? readdirSync(backups) : []).toEqual([]);
  });

  it('refuses to write over the live database or its companions', async () => {
    const test = await loggedIn();
    for (const dest of [test.databaseFile, `${test.databaseFile}-wal`]) {
      await expect(backupDatabase(test.databaseFile, dest)).rejects.toThrow(/is the live database: back it up to another file$/);
    }
  });

  it('refuses a destination it cannot write, with one line saying why', async () => {
    const test = await loggedIn();
    const dir = temporaryDirectory();
    writeFileSync(join(dir, 'a-file'), '');
    await expect(backupDatabase(test.databaseFile, join(dir, 'a-file', 'copy.db'))).rejects.toThrow(
      `Cannot write to ${join(dir, 'a-file')}: a part of the path is a file, not a directory`,
    );
  });
});

describe('backup file names', () => {
  it('are backups/ beside the database, stamped with the local time, numbered when the second is taken', () => {
    const dir = temporaryDirectory();
    expect(backupDirectoryOf(join(dir, 'data', 'salon.db'))).toBe(join(dir, 'data', 'backups'));
    const at = new Date(2026, 0, 2, 3, 4, 5);
    const first = timestampedFile(dir, 'salon', at);
    expect(first).toBe(join(dir, 'salon-20260102-030405.db'));
    mkdirSync(first);
    expect(timestampedFile(dir, 'salon', at)).toBe(join(dir, 'salon-20260102-030405-2.db'));
  });
});
