/**
 * db:copy from a seeded SQLite file to a fresh PostgreSQL database (the `server-postgres`
 * project), and to a SQLite file: every client, staff, sign-in link and audit row arrives as it
 * was, sessions stay behind, a target that holds data is refused untouched, and a count that does
 * not match undoes the copy.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedClients } from '#tests/harness/seed-clients.ts';
import { createStaffAccounts } from '../auth/staff-accounts.ts';
import { openDatabase, type DatabaseConfig } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { TEST_HASHING } from '../testing/in-process-config.ts';
import { freshTestDatabase, temporaryDirectory } from '../testing/test-database.ts';
import { DB_COPY_USAGE, runDbCopyCommand } from './db-copy-command.ts';

function fakeIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (line: string) => void out.push(line), err: (line: string) => void err.push(line) } };
}

/** A SQLite file with `clients` seeded clients, one staff account, one session and one sign-in link of it, and two audit entries. */
async function seededSqlite(clients: number): Promise<string> {
  const file = join(temporaryDirectory(), 'salon.db');
  await seedClients(file, clients);
  const { db } = await openDatabase({ kind: 'sqlite', file });
  try {
    await createStaffAccounts(db, { hashing: TEST_HASHING }).add('Alice', 'a long secret', 'owner');
    const [staff] = await db.selectFrom('staff').select('id').execute();
    const now = new Date().toISOString();
    await db
      .insertInto('sessions')
      .values({
        token_hash: 'a'.repeat(64),
        id: 's1',
        staff_id: staff?.id ?? '',
        created_at: now,
        last_seen_at: now,
        ip: null,
        user_agent: null,
      })
      .execute();
    await db
      .insertInto('sign_in_links')
      .values({ token_hash: 'b'.repeat(64), staff_id: staff?.id ?? '', created_at: now, expires_at: now })
      .execute();
    await db
      .insertInto('passkeys')
      .values({
        id: 'credential-id',
        staff_id: staff?.id ?? '',
        name: 'Front desk PC',
        public_key: 'pQECAyYgASFYIA',
        counter: 4_000_000_000,
        transports: '["internal"]',
        created_at: now,
        last_used_at: null,
      })
      .execute();
    await db
      .insertInto('audit_entries')
      .values([
        { at: now, kind: 'sign-in', actor: 'Alice', subject: null, detail: null, ip: '192.0.2.1', user_agent: 'Firefox' },
        { at: now, kind: 'clients-exported', actor: 'Alice', subject: null, detail: '3', ip: '192.0.2.1', user_agent: 'Firefox' },
      ])
      .execute();
    // The book's setup (issue 40).
    await db
      .insertInto('services')
      .values({ id: 'service-1', name: 'Hair colour', duration_minutes: 120, price: 8500, created_at: now, removed_at: null })
      .execute();
    await db
      .insertInto('working_hours')
      .values({ staff_id: staff?.id ?? '', hours: '{"tuesday":{"from":"09:00","to":"18:00"}}', updated_at: now })
      .execute();
    await db
      .insertInto('time_off')
      .values({ id: 'time-off-1', staff_id: staff?.id ?? '', first_day: '2026-12-24', last_day: '2026-12-26', created_at: now })
      .execute();
    const [client] = await db.selectFrom('clients').select('id').execute();
    await db
      .insertInto('idempotency_keys')
      .values(['key-1', 'key-2'].map((key) => ({ actor: 'Alice', key, client_id: client?.id ?? '', created_at: now })))
      .execute();
    await db
      .insertInto('imports')
      .values({
        id: 'import-1',
        at: now,
        actor: 'Alice',
        file_name: 'clients.csv',
        existing: 'skip',
        created: 1,
        updated: 0,
        skipped: 2,
        undone_at: null,
        undone_by: null,
        undone_left: null,
        idempotency_key: 'key-1',
        request_hash: 'hash',
      })
      .execute();
    await db
      .updateTable('client_changes')
      .set({ batch_id: 'import-1' })
      .where('client_id', '=', client?.id ?? '')
      .execute();
  } finally {
    await db.destroy();
  }
  return file;
}

async function postgresTarget(): Promise<Extract<DatabaseConfig, { kind: 'postgres' }>> {
  const config = await freshTestDatabase();
  if (config.kind !== 'postgres') throw new Error('db:copy tests run in the server-postgres project');
  return config;
}

/** Every row of the tables db:copy copies, and the number of sessions. */
async function contents(config: DatabaseConfig) {
  const { db } = await openDatabase(config);
  try {
    return await readContents(db);
  } finally {
    await db.destroy();
  }
}

async function readContents(db: Kysely<Database>) {
  // Ordered in JavaScript: SQLite and PostgreSQL may order text differently.
  const byId = <T extends { id: string }>(rows: T[]) => rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const sessions = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return {
    clients: byId(await db.selectFrom('clients').selectAll().execute()),
    staff: byId(await db.selectFrom('staff').selectAll().execute()),
    // PostgreSQL's bigint seq arrives as text.
    changes: (await db.selectFrom('client_changes').selectAll().orderBy('seq').execute()).map((row) => ({ ...row, seq: Number(row.seq) })),
    sessions: Number(sessions.count),
    idempotencyKeys: (await db.selectFrom('idempotency_keys').selectAll().execute()).sort((a, b) => (a.key < b.key ? -1 : 1)),
    imports: (await db.selectFrom('imports').selectAll().execute()).map((row) => ({ ...row, created: Number(row.created) })),
    signInLinks: await db.selectFrom('sign_in_links').selectAll().orderBy('token_hash').execute(),
    // A counter beyond PostgreSQL's integer; bigint arrives as text.
    passkeys: (await db.selectFrom('passkeys').selectAll().execute()).map((row) => ({ ...row, counter: Number(row.counter) })),
    services: await db.selectFrom('services').selectAll().execute(),
    workingHours: await db.selectFrom('working_hours').selectAll().execute(),
    timeOff: await db.selectFrom('time_off').selectAll().execute(),
    auditEntries: (await db.selectFrom('audit_entries').selectAll().orderBy('seq').execute()).map((row) => ({
      ...row,
      seq: Number(row.seq),
    })),
  };
}

describe('runDbCopyCommand, SQLite to PostgreSQL', () => {
  it('copies every client and staff row and the Idempotency-Keys as they are, in batches, but not the sessions, and says so', async () => {
    const source = await seededSqlite(250);
    const target = await postgresTarget();
    const { io, out, err } = fakeIo();

    expect(await runDbCopyCommand(['--from', `file:${source}`, '--to', target.url], io, { batchSize: 100 })).toBe(0);

    expect(err).toEqual([]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^Copied 250 clients and 1 staff account to postgres:\/\/\S+ in \d+\.\d s; counts match\.$/);
    const before = await contents({ kind: 'sqlite', file: source });
    const after = await contents(target);
    expect(before.clients).toHaveLength(250);
    expect(before.staff).toHaveLength(1);
    expect(before.sessions).toBe(1);
    expect(after.clients).toEqual(before.clients);
    expect(after.staff).toEqual(before.staff);
    expect(before.changes).toHaveLength(250);
    expect(after.changes).toEqual(before.changes);
    expect(after.sessions).toBe(0);
    expect(before.idempotencyKeys).toHaveLength(2);
    expect(after.idempotencyKeys).toEqual(before.idempotencyKeys);
    expect(before.imports).toHaveLength(1);
    expect(after.imports).toEqual(before.imports);
    expect(before.changes.filter((change) => change.batch_id === 'import-1')).toHaveLength(1);
    expect(before.signInLinks).toHaveLength(1);
    expect(after.signInLinks).toEqual(before.signInLinks);
    expect(before.auditEntries).toHaveLength(2);
    expect(after.auditEntries).toEqual(before.auditEntries);
    // The book's services, hours and time off (issue 40).
    expect([after.services, after.workingHours, after.timeOff]).toEqual([before.services, before.workingHours, before.timeOff]);
    expect(after.services).toHaveLength(1);
    expect(after.timeOff).toHaveLength(1);
  });

  it.each([
    ['PostgreSQL', postgresTarget],
    ['a SQLite file', () => Promise.resolve<DatabaseConfig>({ kind: 'sqlite', file: join(temporaryDirectory(), 'copy.db') })],
  ])(
    'copies the audit trail past its append-only triggers, and the unused sign-in links, to %s; the trail numbers on',
    async (_, makeTarget) => {
      const source = await seededSqlite(2);
      const target = await makeTarget();
      const url = target.kind === 'sqlite' ? `file:${target.file}` : target.url;
      expect(await runDbCopyCommand(['--from', source, '--to', url], fakeIo().io)).toBe(0);
      const before = await contents({ kind: 'sqlite', file: source });
      const after = await contents(target);
      expect(after.auditEntries.map((entry) => entry.kind)).toEqual(['sign-in', 'clients-exported']);
      expect(after.auditEntries).toEqual(before.auditEntries);
      expect(after.signInLinks).toEqual(before.signInLinks);

      const { db: copied } = await openDatabase(target);
      try {
        const next = await copied
          .insertInto('audit_entries')
          .values({
            at: new Date().toISOString(),
            kind: 'sign-out',
            actor: 'Alice',
            subject: null,
            detail: null,
            ip: null,
            user_agent: null,
          })
          .returning('seq')
          .executeTakeFirstOrThrow();
        expect(Number(next.seq)).toBe(before.auditEntries.length + 1);
      } finally {
        await copied.destroy();
      }
    },
  );

  it('copies deleted clients, versions and the change log, and the log numbers on after the copied ones', async () => {
    const source = await seededSqlite(3);
    const { db } = await openDatabase({ kind: 'sqlite', file: source });
    try {
      const [first] = await db.selectFrom('clients').select('id').orderBy('id').execute();
      const at = '2026-01-01T00:00:00.000Z';
      await db
        .updateTable('clients')
        .set({ deleted_at: at, deleted_by: 'alice', version: 2 })
        .where('id', '=', first?.id ?? '')
        .execute();
      await db
        .insertInto('client_changes')
        .values({ client_id: first?.id ?? '', version: 2, kind: 'deleted', actor: 'alice', at, before: null, after: null })
        .execute();
    } finally {
      await db.destroy();
    }
    const target = await postgresTarget();
    expect(await runDbCopyCommand(['--from', source, '--to', target.url], fakeIo().io)).toBe(0);
    const before = await contents({ kind: 'sqlite', file: source });
    const after = await contents(target);
    expect(after.clients).toEqual(before.clients);
    expect(after.clients.filter((client) => client.deleted_at !== null)).toHaveLength(1);
    expect(after.changes).toEqual(before.changes);

    const { db: copied } = await openDatabase(target);
    try {
      const next = await copied
        .insertInto('client_changes')
        .values({ client_id: 'x', version: 1, kind: 'erased', actor: 'alice', at: '2026-01-02T00:00:00.000Z', before: null, after: null })
        .returning('seq')
        .executeTakeFirstOrThrow();
      expect(Number(next.seq)).toBe(before.changes.length + 1);
    } finally {
      await copied.destroy();
    }
  });

  it('prints the target without its password', async () => {
    const source = await seededSqlite(3);
    const target = await postgresTarget();
    const url = new URL(target.url);
    // A password the test server does not ask for (trust or peer authentication) is ignored.
    if (!url.password) url.password = 'hunter2-secret';
    if (!url.username) url.username = 'postgres';
    const { io, out, err } = fakeIo();
    expect(await runDbCopyCommand(['--from', source, '--to', url.toString()], io)).toBe(0);
    const output = [...out, ...err].join('\n');
    expect(output).not.toContain(`:${url.password}@`);
    expect(output).toContain(`://${url.username}:***@${url.host}${url.pathname} `);
  });

  it('refuses a target that already holds data, with the counts, and leaves it unchanged', async () => {
    const source = await seededSqlite(20);
    const target = await postgresTarget();
    const { db } = await openDatabase(target);
    const now = new Date().toISOString();
    await db
      .insertInto('clients')
      .values({
        id: 'already-there',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        registration_date_time: '2024-01-01T10:00',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const before = await readContents(db);
    await db.destroy();
    const { io, out, err } = fakeIo();

    expect(await runDbCopyCommand(['--from', `file:${source}`, '--to', target.url], io)).toBe(1);

    expect(out).toEqual([]);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/already holds 1 client and 0 staff accounts: db:copy fills an empty database only\. Nothing was copied\.$/);
    expect(await contents(target)).toEqual(before);
  });

  it('refuses a target with only a staff account', async () => {
    const source = await seededSqlite(5);
    const target = await postgresTarget();
    const { db } = await openDatabase(target);
    await createStaffAccounts(db, { hashing: TEST_HASHING }).add('owner', 'a long password', 'owner');
    await db.destroy();
    const { io, err } = fakeIo();
    expect(await runDbCopyCommand(['--from', source, '--to', target.url], io)).toBe(1);
    expect(err[0]).toContain('already holds 0 clients and 1 staff account');
    const after = await contents(target);
    expect(after.clients).toEqual([]);
    expect(after.staff.map((row) => row.username)).toEqual(['owner']);
  });

  it('rolls everything back and exits 1 when the counts do not match', async () => {
    const source = await seededSqlite(30);
    const target = await postgresTarget();
    const { db } = await openDatabase(target);
    // A target that silently drops one client on insert.
    const [dropped] = await contents({ kind: 'sqlite', file: source }).then((rows) => rows.clients.slice(7, 8));
    await sql`CREATE FUNCTION drop_one() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.id = ${sql.lit(dropped?.id ?? '')} THEN RETURN NULL; END IF; RETURN NEW; END $$`.execute(db);
    await sql`CREATE TRIGGER drop_one BEFORE INSERT ON clients FOR EACH ROW EXECUTE FUNCTION drop_one()`.execute(db);
    await db.destroy();
    const { io, out, err } = fakeIo();

    expect(await runDbCopyCommand(['--from', source, '--to', target.url], io, { batchSize: 8 })).toBe(1);

    expect(out).toEqual([]);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(
      /^The counts differ after the copy \(source: 30 clients and 1 staff account; postgres:\/\/\S+: 29 clients and 1 staff account\)/,
    );
    expect(err[0]).toContain('Rolled back: nothing was copied.');
    const after = await contents(target);
    expect(after).toEqual({
      clients: [],
      staff: [],
      changes: [],
      sessions: 0,
      idempotencyKeys: [],
      imports: [],
      signInLinks: [],
      passkeys: [],
      services: [],
      workingHours: [],
      timeOff: [],
      auditEntries: [],
    });
  });
});

describe('runDbCopyCommand arguments', () => {
  it.each([
    [[]],
    [['--from', 'file:./a.db']],
    [['--to', 'file:./b.db']],
    [['--from', 'a.db', '--to', 'b.db', 'extra']],
    [['--bogus']],
    [['--from']],
  ])('prints the usage on stderr and exits 2 for %j', async (args) => {
    const { io, out, err } = fakeIo();
    expect(await runDbCopyCommand(args, io, { cwd: temporaryDirectory() })).toBe(2);
    expect(err).toEqual([DB_COPY_USAGE]);
    expect(out).toEqual([]);
  });

  it('prints the usage on stdout for --help', async () => {
    const { io, out, err } = fakeIo();
    expect(await runDbCopyCommand(['--help'], io)).toBe(0);
    expect(out).toEqual([DB_COPY_USAGE]);
    expect(err).toEqual([]);
  });

  it('refuses the same database as source and target, also spelled differently', async () => {
    const dir = temporaryDirectory();
    const source = await seededSqlite(2);
    const target = await postgresTarget();
    for (const [from, to] of [
      [`file:${source}`, source],
      [target.url, target.url],
    ] as const) {
      const { io, out, err } = fakeIo();
      expect(await runDbCopyCommand(['--from', from, '--to', to], io, { cwd: dir })).toBe(1);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(/^--from and --to are the same database/);
      expect(out).toEqual([]);
    }
    expect((await contents(target)).clients).toEqual([]);
  });

  it('refuses a source file that does not exist, without creating it', async () => {
    const dir = temporaryDirectory();
    const target = await postgresTarget();
    const { io, err } = fakeIo();
    expect(await runDbCopyCommand(['--from', 'file:./missing.db', '--to', target.url], io, { cwd: dir })).toBe(1);
    expect(err).toEqual([`--from ${join(dir, 'missing.db')}: no such file`]);
    expect(existsSync(join(dir, 'missing.db'))).toBe(false);
  });

  it('refuses a URL the server would not accept, naming the option', async () => {
    const { io, err } = fakeIo();
    expect(await runDbCopyCommand(['--from', 'mysql://host/salon', '--to', 'file:./b.db'], io, { cwd: temporaryDirectory() })).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^--from: must be a SQLite file/);
  });

  it('refuses a PostgreSQL server it cannot reach, in one line without the password', async () => {
    const source = await seededSqlite(1);
    const { io, err } = fakeIo();
    expect(await runDbCopyCommand(['--from', source, '--to', 'postgres://salon:pw-secret@127.0.0.1:1/salon'], io)).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^Could not open --to postgres:\/\/salon:\*\*\*@127\.0\.0\.1:1\/salon: \S/);
    expect(err[0]).not.toContain('pw-secret');
  });
});

describe('the db:copy CLI process', () => {
  it('copies, and exits 2 with the usage on bad arguments', async () => {
    const source = await seededSqlite(12);
    const target = await postgresTarget();
    const cli = fileURLToPath(new URL('./db-copy.ts', import.meta.url));
    const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8', timeout: 60_000 });

    const copied = run(['--from', `file:${source}`, '--to', target.url]);
    expect(copied.stderr).toBe('');
    expect(copied.status).toBe(0);
    expect(copied.stdout).toMatch(/^Copied 12 clients and 1 staff account to .* counts match\.\n$/);

    const again = run(['--from', `file:${source}`, '--to', target.url]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already holds 12 clients and 1 staff account');
    expect(again.stderr).not.toMatch(/\n\s+at /);

    const usage = run(['--from', source]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toBe(`${DB_COPY_USAGE}\n`);
  }, 120_000);
});
