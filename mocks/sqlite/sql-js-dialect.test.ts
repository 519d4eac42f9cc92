/** sql.js behind Kysely (issue 39): statements read and written as Kysely expects, and a file kept as text reopens whole. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fromBase64, loadSqlJs, openSqlJs, toBase64 } from './sql-js-dialect.ts';

describe('sql.js as a Kysely dialect', () => {
  it('runs, reads and returns rows, and reopens from its file kept as base64', async () => {
    const sqlJs = await loadSqlJs();
    const first = openSqlJs(sqlJs);
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)`.execute(first.db);
    const inserted = await sql`INSERT INTO notes (text) VALUES (${'é'.repeat(20_000)}), (${'b'})`.execute(first.db);
    expect([inserted.numAffectedRows, inserted.insertId]).toEqual([2n, 2n]);
    expect((await sql<{ id: number }>`DELETE FROM notes WHERE text = ${'b'} RETURNING id`.execute(first.db)).rows).toEqual([{ id: 2 }]);
    expect((await sql`PRAGMA foreign_keys`.execute(first.db)).rows).toEqual([{ foreign_keys: 1 }]);

    const bytes = first.bytes();
    const text = toBase64(bytes);
    expect(fromBase64(text)).toEqual(bytes);
    first.close();
    const again = openSqlJs(sqlJs, fromBase64(text));
    expect((await sql<{ length: number }>`SELECT length(text) AS length FROM notes`.execute(again.db)).rows).toEqual([{ length: 20_000 }]);
    again.close();
  });
});
