import { describe, expect, it } from 'vitest';
import { TEST_HASHING } from '../testing/in-process-config.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { verifyPassword } from './password.ts';
import { createStaffAccounts } from './staff-accounts.ts';

async function accounts() {
  const db = await openTestDatabase();
  return { db, staff: createStaffAccounts(db, { hashing: TEST_HASHING }) };
}

describe('staff accounts', () => {
  it('adds an account with a salted scrypt hash, never the password itself', async () => {
    const { db, staff } = await accounts();
    await staff.add('Nina', 'correct horse battery', 'owner');
    const rows = await db.selectFrom('staff').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.username).toBe('nina');
    expect(rows[0]?.password_hash).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/);
    expect(JSON.stringify(rows)).not.toContain('correct horse battery');
    expect(await verifyPassword('correct horse battery', rows[0]?.password_hash ?? '')).toBe(true);
    await db.destroy();
  });

  it.each([
    ['a duplicate username (in any case)', 'NINA', 'a long enough passphrase', 'A staff account named nina already exists'],
    ['a short password', 'ava', 'short', 'Use at least 12 characters.'],
    ['a common password', 'ava', 'administrator', 'This password is too common. Choose another.'],
    ['a username with spaces inside', 'ni na', 'a long enough passphrase', 'Use 3 to 32 letters, digits, dots, dashes or underscores.'],
    ['an empty username', '  ', 'a long enough passphrase', 'Use 3 to 32 letters, digits, dots, dashes or underscores.'],
    ['a username of two letters', 'jo', 'a long enough passphrase', 'Use 3 to 32 letters, digits, dots, dashes or underscores.'],
    ['a username with @', 'jo@salon', 'a long enough passphrase', 'Use 3 to 32 letters, digits, dots, dashes or underscores.'],
  ])('refuses %s', async (_kind, username, password, message) => {
    const { db, staff } = await accounts();
    await staff.add('nina', 'correct horse battery', 'owner');
    await expect(staff.add(username, password, 'staff')).rejects.toThrow(message);
    expect(await staff.list()).toHaveLength(1);
    await db.destroy();
  });

  it('refuses to change or remove an account that does not exist', async () => {
    const { db, staff } = await accounts();
    await expect(staff.changePassword('ghost', 'a long enough passphrase')).rejects.toThrow('No staff account named ghost');
    await expect(staff.remove('ghost')).rejects.toThrow('No staff account named ghost');
    await db.destroy();
  });

  it('keeps an account that has appointments in the book, and says to disable it', async () => {
    const { db, staff } = await accounts();
    await staff.add('nina', 'correct horse battery', 'staff');
    const [nina] = await staff.list();
    const at = new Date().toISOString();
    await db
      .insertInto('services')
      .values({ id: 's1', name: 'Haircut', duration_minutes: 60, price: null, created_at: at, removed_at: null })
      .execute();
    const start = Date.parse('2030-01-08T10:00:00Z');
    await db
      .insertInto('appointments')
      .values({
        id: 'a1',
        client_id: null,
        service_id: 's1',
        staff_id: (
          await db
            .selectFrom('staff')
            .select('id')
            .where('username', '=', nina?.username ?? '')
            .executeTakeFirstOrThrow()
        ).id,
        start_ms: start,
        end_ms: start + 3_600_000,
        status: 'booked',
        version: 1,
        created_at: at,
        updated_at: at,
        booked_by: 'nina',
        idempotency_key: null,
      })
      .execute();
    await expect(staff.remove('nina')).rejects.toThrow(
      'nina has appointments in the book, so the account stays: disable it on the staff page instead',
    );
    expect(await staff.list()).toHaveLength(1);
    await db.destroy();
  });

  describe('the first start', () => {
    it('creates the configured account when there is none', async () => {
      const { db, staff } = await accounts();
      expect(await staff.ensureInitialAccount('admin', 'a secret passphrase')).toEqual({ created: true, username: 'admin' });
      const [row] = await db.selectFrom('staff').selectAll().execute();
      expect(await verifyPassword('a secret passphrase', row?.password_hash ?? '')).toBe(true);
      await db.destroy();
    });

    it('generates a password when none is configured, and returns it to be shown once', async () => {
      const { db, staff } = await accounts();
      const result = await staff.ensureInitialAccount('admin', undefined);
      expect(result).toEqual({ created: true, username: 'admin', generatedPassword: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
      const [row] = await db.selectFrom('staff').selectAll().execute();
      expect(await verifyPassword(result.created ? (result.generatedPassword ?? '') : '', row?.password_hash ?? '')).toBe(true);
      await db.destroy();
    });

    it('does nothing when an account exists', async () => {
      const { db, staff } = await accounts();
      await staff.add('nina', 'correct horse battery', 'owner');
      expect(await staff.ensureInitialAccount('admin', 'a secret passphrase')).toEqual({ created: false });
      expect((await staff.list()).map((account) => account.username)).toEqual(['nina']);
      await db.destroy();
    });
  });
});
