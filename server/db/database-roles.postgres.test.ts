/**
 * docs/operations.md, "The servers' own database role": its SQL, run as written there (the names made unique), makes a
 * role that runs the server and cannot change the audit trail at all, not even by dropping its triggers (issue 28).
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { apiPaths } from '#contract/paths';
import type { AuditPage } from '#contract/team';
import { DEFAULT_POSTGRES_POOL } from '../config.ts';
import { asStaff, createClient, loggedIn } from '../testing/test-app.ts';
import { openDatabase } from './database.ts';

const OPERATIONS = new URL('../../docs/operations.md', import.meta.url);

/** The SQL blocks of the section, in order. */
function documentedSql(): string[] {
  const text = readFileSync(OPERATIONS, 'utf8');
  const start = text.indexOf("### The servers' own database role");
  const section = text.slice(start, text.indexOf('\n## ', start));
  return [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

function urlFor(serverUrl: string, user: string, password: string, database: string): string {
  const url = new URL(serverUrl);
  url.username = user;
  url.password = password;
  url.pathname = `/${database}`;
  return url.toString();
}

/** One statement at a time, as psql sends them (CREATE DATABASE cannot share a transaction). */
async function run(url: string, statements: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const withoutComments = statements.replaceAll(/^\s*--.*$/gm, '');
    for (const statement of withoutComments.split(';').map((part) => part.trim())) if (statement) await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('the servers’ own database role', () => {
  it('runs the server, and cannot update, truncate, remove a young entry of, nor drop a trigger of the audit trail', async () => {
    const serverUrl = inject('postgresUrl');
    if (!serverUrl) throw new Error('The server-postgres project provides postgresUrl');
    const blocks = documentedSql();
    expect(blocks).toHaveLength(3);
    const [roles = '', schema = '', grants = ''] = blocks;
    const owner = `salon_owner_${process.pid}`;
    const server = `salon_app_${process.pid}`;
    const database = `salon_roles_${process.pid}`;
    const named = (text: string) =>
      text
        .replaceAll(/\bsalon_owner\b/g, owner)
        .replaceAll(/\bsalon_app\b/g, server)
        .replaceAll(/\bsalon\b/g, database);
    const passwords = { owner: 'the-owner-password', server: 'the-app-password' };
    expect(roles).toContain(passwords.owner);
    expect(roles).toContain(passwords.server);

    onTestFinished(async () => {
      await run(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await run(serverUrl, `DROP ROLE IF EXISTS ${server}; DROP ROLE IF EXISTS ${owner}`);
    });
    await run(serverUrl, named(roles));
    const superuser = new URL(serverUrl);
    superuser.pathname = `/${database}`;
    await run(superuser.toString(), named(schema));
    // `npm run staff -- list` as the owner: it opens the database, which migrates it.
    const ownerUrl = urlFor(serverUrl, owner, passwords.owner, database);
    await (await openDatabase({ kind: 'postgres', url: ownerUrl, ...DEFAULT_POSTGRES_POOL })).db.destroy();
    await run(ownerUrl, named(grants));

    // The server as the app's role: it starts, makes its first account, registers, exports, erases, reads the trail.
    // At the real time: the trigger compares an entry's time with the database's clock.
    const test = await loggedIn({
      clock: { now: Date.now(), advance: () => {} },
      database: { kind: 'postgres', url: urlFor(serverUrl, server, passwords.server, database), ...DEFAULT_POSTGRES_POOL },
    });
    const client = await createClient(test);
    expect((await asStaff(test, 'GET', apiPaths.clientsExport)).statusCode).toBe(200);
    expect((await asStaff(test, 'POST', apiPaths.eraseClient(client._id))).statusCode).toBe(204);
    const trail = (await asStaff(test, 'GET', apiPaths.audit)).json<AuditPage>();
    expect(trail.entries.map((entry) => entry.kind)).toEqual(['client-erased', 'clients-exported', 'sign-in']);

    // What it cannot do: the grants refuse, where the triggers alone would leave their owner free.
    const { db } = test.app;
    await expect(db.updateTable('audit_entries').set({ actor: 'someone else' }).execute()).rejects.toThrow(/permission denied/);
    await expect(sql`TRUNCATE audit_entries`.execute(db)).rejects.toThrow(/permission denied/);
    await expect(db.deleteFrom('audit_entries').execute()).rejects.toThrow(/append-only/);
    await expect(sql`DROP TRIGGER audit_entries_append_only ON audit_entries`.execute(db)).rejects.toThrow(/must be owner/);
    await expect(sql`ALTER TABLE audit_entries DISABLE TRIGGER ALL`.execute(db)).rejects.toThrow(/must be owner/);
    await expect(sql`CREATE TABLE audit_entries_copy (seq bigint)`.execute(db)).rejects.toThrow(/permission denied/);
    expect((await asStaff(test, 'GET', apiPaths.audit)).json<AuditPage>()).toEqual(trail);

    // The limit the docs state: the owner could (and is why the servers must not be it).
    await run(ownerUrl, 'ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only');
  });
});
