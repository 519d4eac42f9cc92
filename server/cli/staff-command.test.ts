import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password.ts';
import { TEST_HASHING } from '../testing/in-process-config.ts';
import { createTestApp, logIn, STAFF, temporaryDirectory } from '../testing/test-app.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { PasswordInputAborted } from './read-password.ts';
import { runStaffCommand, STAFF_USAGE } from './staff-command.ts';

function fakeIo(passwords: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      readPassword: async () => {
        const next = passwords.shift();
        if (next === undefined) throw new Error('No password was expected');
        return next;
      },
      out: (line: string) => void out.push(line),
      err: (line: string) => void err.push(line),
    },
  };
}

async function database() {
  return openTestDatabase();
}

describe('runStaffCommand', () => {
  it('adds and lists accounts, printing no password', async () => {
    const db = await database();
    const add = fakeIo(['a long secret']);
    expect(await runStaffCommand(['add', 'Alice'], db, add.io, { hashing: TEST_HASHING })).toBe(0);
    expect(add.out).toEqual(['Created staff account alice.']);

    const list = fakeIo();
    expect(await runStaffCommand(['list'], db, list.io)).toBe(0);
    expect(list.out).toHaveLength(1);
    expect(list.out[0]).toMatch(/^alice\tstaff\tcreated \d{4}-/);
    expect([...add.out, ...list.out, ...add.err].join('\n')).not.toContain('a long secret');
    await db.destroy();
  });

  it('exits 1 with the message, creating nothing, when typing the password is cancelled', async () => {
    const db = await database();
    const { io, out, err } = fakeIo();
    io.readPassword = () => Promise.reject(new PasswordInputAborted('Cancelled'));
    expect(await runStaffCommand(['add', 'alice'], db, io, { hashing: TEST_HASHING })).toBe(1);
    expect(err).toEqual(['Cancelled']);
    expect(out).toEqual([]);
    const list = fakeIo();
    await runStaffCommand(['list'], db, list.io);
    expect(list.out).toEqual(['No staff accounts.']);
    await db.destroy();
  });

  it('changes a password', async () => {
    const db = await database();
    await runStaffCommand(['add', 'alice'], db, fakeIo(['first secret']).io, { hashing: TEST_HASHING });
    const passwd = fakeIo(['second secret']);
    expect(await runStaffCommand(['passwd', 'alice'], db, passwd.io, { hashing: TEST_HASHING })).toBe(0);
    expect(passwd.out).toEqual(['Changed the password of alice; 0 sessions ended.']);
    const [row] = await db.selectFrom('staff').selectAll().execute();
    expect(await verifyPassword('second secret', row?.password_hash ?? '')).toBe(true);
    expect(await verifyPassword('first secret', row?.password_hash ?? '')).toBe(false);
    await db.destroy();
  });

  it('refuses a new password by the same rule as the staff page (NIST SP 800-63B), keeping the old one', async () => {
    const db = await database();
    await runStaffCommand(['add', 'alice'], db, fakeIo(['first secret']).io, { hashing: TEST_HASHING });
    for (const [password, message] of [
      ['short one', 'Use at least 12 characters.'],
      ['qwerty123456', 'This password is too common. Choose another.'],
    ] as const) {
      const passwd = fakeIo([password]);
      expect(await runStaffCommand(['passwd', 'alice'], db, passwd.io, { hashing: TEST_HASHING })).toBe(1);
      expect(passwd.err).toEqual([message]);
    }
    const [row] = await db.selectFrom('staff').selectAll().execute();
    expect(await verifyPassword('first secret', row?.password_hash ?? '')).toBe(true);
    await db.destroy();
  });

  it('removes an account, and says when none is left', async () => {
    const db = await database();
    await runStaffCommand(['add', 'alice'], db, fakeIo(['first secret']).io, { hashing: TEST_HASHING });
    const remove = fakeIo();
    expect(await runStaffCommand(['remove', 'alice'], db, remove.io)).toBe(0);
    expect(remove.out[0]).toBe('Removed alice; 0 sessions ended.');
    expect(remove.out[1]).toContain('No staff account is left');
    await db.destroy();
  });

  it('ends the sessions of an account whose password changes or which is removed, on a running server', async () => {
    const test = await createTestApp();
    const cookie = await logIn(test.app);
    const passwd = fakeIo(['a new password']);
    expect(await runStaffCommand(['passwd', STAFF.username], test.app.db, passwd.io, { hashing: TEST_HASHING })).toBe(0);
    expect(passwd.out).toEqual(['Changed the password of nina; 1 session ended.']);
    expect((await test.app.inject({ method: 'GET', url: '/api/clients', headers: { cookie } })).statusCode).toBe(401);

    const again = await logIn(test.app, { username: STAFF.username, password: 'a new password' });
    const remove = fakeIo();
    expect(await runStaffCommand(['remove', STAFF.username], test.app.db, remove.io)).toBe(0);
    expect(remove.out[0]).toBe('Removed nina; 1 session ended.');
    expect((await test.app.inject({ method: 'GET', url: '/api/clients', headers: { cookie: again } })).statusCode).toBe(401);
  });

  it('turns off "ask for my passkey after my password" with an owner’s recovery, and says so', async () => {
    const test = await createTestApp();
    await test.app.db.updateTable('staff').set({ passkey_after_password: 1 }).where('username', '=', STAFF.username).execute();
    const passwd = fakeIo(['a new password']);
    expect(await runStaffCommand(['passwd', STAFF.username], test.app.db, passwd.io, { hashing: TEST_HASHING })).toBe(0);
    expect(passwd.out).toEqual([
      'Changed the password of nina; 0 sessions ended.',
      'Turned off "Ask for my passkey after my password" for nina: the password alone signs in.',
    ]);
    const row = await test.app.db
      .selectFrom('staff')
      .select('passkey_after_password')
      .where('username', '=', STAFF.username)
      .executeTakeFirstOrThrow();
    expect(row.passkey_after_password).toBe(0);
  });

  it.each([
    ['add', 'alice', 'eleven char', 'Use at least 12 characters.'],
    ['add', 'alice', 'passwordpassword', 'This password is too common. Choose another.'],
    ['passwd', 'ghost', 'a long enough passphrase', 'No staff account named ghost'],
  ])('refuses %s %s with exit code 1 and a message', async (command, username, password, message) => {
    const db = await database();
    const run = fakeIo([password]);
    expect(await runStaffCommand([command, username], db, run.io, { hashing: TEST_HASHING })).toBe(1);
    expect(run.err).toEqual([message]);
    await db.destroy();
  });

  it.each([[[]], [['add']], [['list', 'extra']], [['delete', 'alice']], [['add', 'alice', 'secret-as-argument']]])(
    'prints the usage and exits 2 for %o',
    async (args) => {
      const db = await database();
      const run = fakeIo();
      expect(await runStaffCommand(args, db, run.io)).toBe(2);
      expect(run.err).toEqual([STAFF_USAGE]);
      await db.destroy();
    },
  );
});

describe('the staff CLI process', () => {
  it('reads the password from piped stdin, never echoes it, and the server can then log the account in', async () => {
    const databaseFile = join(temporaryDirectory(), 'salon.db');
    const cli = fileURLToPath(new URL('./staff.ts', import.meta.url));
    const run = (args: string[], input = '') =>
      spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
        input,
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: `file:${databaseFile}` },
        timeout: 60_000,
      });

    const add = run(['add', 'alice'], 'piped secret 123\nignored second line\n');
    expect(add.stderr).toBe('');
    expect(add.status).toBe(0);
    expect(add.stdout).toBe('Created staff account alice.\n');

    const list = run(['list']);
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/^alice\t/);
    for (const output of [add.stdout, add.stderr, list.stdout, list.stderr]) expect(output).not.toContain('piped secret');

    // A refusal is its message and exit code 1, not a stack trace.
    const again = run(['add', 'alice'], 'another secret 456\n');
    expect(again.status).toBe(1);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(again.stderr).not.toMatch(/\n\s+at /);

    const usage = run([]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run staff');

    // The account works against the app on the same database (hashed with the real OWASP cost).
    const test = await createTestApp({ databaseFile, withStaff: false });
    const cookie = await logIn(test.app, { username: 'alice', password: 'piped secret 123' });
    expect(cookie).toMatch(/^salon_session=/);
  }, 120_000);
});
