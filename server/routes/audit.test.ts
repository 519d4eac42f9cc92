/**
 * The audit trail (issue 28): an owner reads it newest first, by account and by kind, a page at a time, and exports
 * it; nobody changes or removes an entry, neither through the API nor through the server's own database connection,
 * and only the purge of entries older than AUDIT_KEEP_DAYS takes any away. On SQLite here, on PostgreSQL in
 * `npm run test:postgres`.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '#contract/paths';
import type { AuditEntry, AuditPage } from '#contract/team';
import {
  asStaff,
  asStaffMember,
  createClient,
  createTestApp,
  loggedIn,
  logIn,
  STAFF,
  withCookie,
  type LoggedInApp,
  type TestAppOptions,
} from '../testing/test-app.ts';

const DAY_MS = 24 * 3_600_000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0 Safari/537.36';

/** A clock at the real time: the triggers compare an entry's time with the database's own clock. */
function clockAt(now: number): NonNullable<TestAppOptions['clock']> {
  return {
    now,
    advance(ms: number) {
      this.now += ms;
    },
  };
}

const page = async (test: LoggedInApp, query = '') => {
  const response = await asStaff(test, 'GET', `${apiPaths.audit}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
};
const summary = (entries: AuditEntry[]) => entries.map(({ kind, actor, subject, detail }) => [kind, actor, subject, detail]);

async function loginAttempt(test: LoggedInApp, password: string) {
  return test.app.inject({
    method: 'POST',
    url: apiPaths.login,
    payload: { username: STAFF.username, password },
    headers: { 'user-agent': BROWSER },
    remoteAddress: '203.0.113.7',
  });
}

describe('GET /api/audit', () => {
  it('shows an owner who used which access, newest first, with where from', async () => {
    const test = await loggedIn();
    await loginAttempt(test, 'not the password');
    const client = await createClient(test);
    await asStaff(test, 'GET', apiPaths.clientsExport);
    await asStaff(test, 'GET', apiPaths.clientExport(client._id));
    await asStaff(test, 'POST', apiPaths.eraseClient(client._id));
    await asStaff(withCookie(test, await logIn(test.app)), 'POST', apiPaths.logout);

    const trail = await page(test);
    expect(summary(trail.entries)).toEqual([
      ['sign-out', 'nina', null, null],
      ['sign-in', 'nina', null, null],
      ['client-erased', 'nina', client._id, null],
      ['client-exported', 'nina', client._id, null],
      ['clients-exported', 'nina', null, '1'],
      ['sign-in-failed', 'nina', null, null],
      ['sign-in', 'nina', null, null],
    ]);
    expect(trail.nextBefore).toBeNull();
    const failed = trail.entries.find((entry) => entry.kind === 'sign-in-failed');
    expect(failed).toMatchObject({ at: '2025-03-01T09:00:00.000Z', ip: '203.0.113.7', userAgent: BROWSER });
    expect(trail.entries.map((entry) => entry.seq)).toEqual(trail.entries.map((entry) => entry.seq).sort((a, b) => b - a));
  });

  it('is not kept by the browser nor recorded itself', async () => {
    const test = await loggedIn();
    const response = await asStaff(test, 'GET', apiPaths.audit);
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await asStaff(test, 'GET', apiPaths.auditExport)).headers['cache-control']).toBe('no-store');
    expect((await page(test)).entries).toHaveLength(1);
  });

  it('filters by account, as who did it or what it was done to, and by kind', async () => {
    const test = await loggedIn();
    const client = await createClient(test);
    await asStaff(test, 'GET', apiPaths.clientExport(client._id));
    await test.app.inject({ method: 'POST', url: apiPaths.login, payload: { username: 'mallory', password: 'guess' } });

    expect(summary((await page(test, '?account=mallory')).entries)).toEqual([['sign-in-failed', 'mallory', null, null]]);
    expect(summary((await page(test, `?account=${client._id}`)).entries)).toEqual([['client-exported', 'nina', client._id, null]]);
    expect(summary((await page(test, '?account=nina&kind=sign-in')).entries)).toEqual([['sign-in', 'nina', null, null]]);
    expect((await page(test, '?kind=client-erased')).entries).toEqual([]);
    expect((await asStaff(test, 'GET', `${apiPaths.audit}?kind=coffee`)).statusCode).toBe(400);
    expect((await asStaff(test, 'GET', `${apiPaths.audit}?before=0`)).statusCode).toBe(400);
  });

  it('goes back 100 entries a page, to the first', async () => {
    const test = await loggedIn();
    for (let i = 0; i < 230; i += 1) await asStaff(test, 'GET', apiPaths.clientsExport);

    const first = await page(test, '?kind=clients-exported');
    expect(first.entries).toHaveLength(100);
    const second = await page(test, `?kind=clients-exported&before=${first.nextBefore}`);
    expect(second.entries).toHaveLength(100);
    expect(second.entries[0]!.seq).toBeLessThan(first.entries.at(-1)!.seq);
    const third = await page(test, `?kind=clients-exported&before=${second.nextBefore}`);
    expect(third.entries).toHaveLength(30);
    expect(third.nextBefore).toBeNull();
    const seqs = [...first.entries, ...second.entries, ...third.entries].map((entry) => entry.seq);
    expect(new Set(seqs).size).toBe(230);
  });
});

describe('GET /api/audit-export', () => {
  it('sends every entry the filters match, newest first, in one answer', async () => {
    const test = await loggedIn();
    for (let i = 0; i < 120; i += 1) await asStaff(test, 'GET', apiPaths.clientsExport);
    const all = await asStaff(test, 'GET', apiPaths.auditExport);
    expect(all.statusCode).toBe(200);
    const entries = all.json<AuditEntry[]>();
    expect(entries).toHaveLength(121);
    expect(entries.at(-1)?.kind).toBe('sign-in');
    expect(entries.map((entry) => entry.seq)).toEqual(entries.map((entry) => entry.seq).sort((a, b) => b - a));
    const filtered = (await asStaff(test, 'GET', `${apiPaths.auditExport}?account=nina&kind=sign-in`)).json<AuditEntry[]>();
    expect(summary(filtered)).toEqual([['sign-in', 'nina', null, null]]);
  });
});

describe('the trail is append-only', () => {
  it('has no route that changes or removes an entry', async () => {
    const test = await loggedIn();
    const before = await page(test);
    for (const url of [apiPaths.audit, apiPaths.auditExport]) {
      for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
        const response = await asStaff(test, method, url, { payload: { kind: 'sign-out' } });
        expect([method, url, response.statusCode, response.headers.allow]).toEqual([method, url, 405, 'GET, HEAD']);
      }
    }
    expect((await asStaff(test, 'DELETE', `${apiPaths.audit}/${before.entries[0]!.seq}`)).statusCode).toBe(404);
    expect(await page(test)).toEqual(before);
  });

  it('cannot be changed, nor a young entry removed, through the server’s own database connection', async () => {
    const test = await loggedIn({ clock: clockAt(Date.now()) });
    const { db } = test.app;
    await expect(db.updateTable('audit_entries').set({ actor: 'someone else' }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_entries').execute()).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_entries WHERE kind = 'sign-in'`.execute(db)).rejects.toThrow(/append-only/);
    if (test.app.dbEngine.kind === 'postgres') {
      await expect(sql`TRUNCATE audit_entries`.execute(db)).rejects.toThrow(/append-only/);
    }
    expect(summary((await page(test)).entries)).toEqual([['sign-in', 'nina', null, null]]);
  });

  it('loses only the entries older than AUDIT_KEEP_DAYS to the purge (on start, then hourly)', async () => {
    const now = Date.now();
    const clock = clockAt(now - 400 * DAY_MS);
    const test = await loggedIn({ clock, config: { auditKeepDays: 365 } });
    clock.advance(300 * DAY_MS);
    await logIn(test.app);
    clock.advance(99 * DAY_MS);
    test.cookie = await logIn(test.app);
    const ats = (entries: AuditEntry[]) => entries.map((entry) => entry.at);
    const days = (ago: number) => new Date(now - ago * DAY_MS).toISOString();
    expect(ats((await page(test)).entries)).toEqual([days(1), days(100), days(400)]);

    // A restart with the clock at today purges on start: the 400-day-old sign-in goes, the others stay.
    clock.advance(DAY_MS);
    const restarted = await createTestApp({ database: test.database, clock, withStaff: false, config: { auditKeepDays: 365 } });
    expect(ats((await page(withCookie(restarted, await logIn(restarted.app)))).entries)).toEqual([days(0), days(1), days(100)]);

    // Thirty days, the least: the 100-day-old entry goes too, and the purge passes the database's own rule.
    const stricter = await createTestApp({ database: test.database, clock, withStaff: false, config: { auditKeepDays: 30 } });
    expect(ats((await page(withCookie(stricter, await logIn(stricter.app)))).entries)).toEqual([days(0), days(0), days(1)]);
  });

  it('refuses to start with AUDIT_KEEP_DAYS under 30: the database would not let the purge remove younger entries', async () => {
    await expect(createTestApp({ config: { auditKeepDays: 29 } })).rejects.toThrow('AUDIT_KEEP_DAYS must be a whole number of at least 30');
  });
});

describe('the audit trail for staff', () => {
  it('is an owner’s: staff get 403 and learn nothing of it', async () => {
    const staff = await asStaffMember(await loggedIn());
    for (const url of [apiPaths.audit, apiPaths.auditExport]) {
      const response = await asStaff(staff, 'GET', url);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Only an owner can see the audit trail.' });
    }
  });
});
