/**
 * SQLite compiled to WebAssembly (sql.js) for the mock's store: the server's schema and repositories run on it in the
 * browser and in the mock's tests (issue 39). Kysely's own SqliteDialect takes any database with better-sqlite3's few
 * methods; `sqliteOf` gives a sql.js database those. One database in memory, opened from a file's bytes, and its bytes
 * again for the browser to keep.
 */
import initSqlJs, { type Database as SqlJs, type SqlJsStatic, type Statement } from 'sql.js';
import { Kysely, SqliteDialect, type CompiledQuery, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { Database } from '#server/db/schema.ts';

let loading: Promise<SqlJsStatic> | undefined;

/** sql.js, loaded once. `wasmUrl`: where the browser fetches sql-wasm.wasm from (Vite's `?url`); Node finds it itself. */
export function loadSqlJs(wasmUrl?: string): Promise<SqlJsStatic> {
  loading ??= initSqlJs(wasmUrl === undefined ? undefined : { locateFile: () => wasmUrl });
  return loading;
}

/** The rows a statement reads, then the statement freed: sql.js keeps each prepared statement until it is. */
function* rowsOf(statement: Statement, parameters: readonly unknown[]): Generator<Record<string, unknown>> {
  try {
    statement.bind(parameters);
    while (statement.step()) yield statement.getAsObject();
  } finally {
    statement.free();
  }
}

/** Each statement as Kysely runs it: prepared, then read (it returns rows, RETURNING too) or run once. */
function statementOf(sqlite: SqlJs, sql: string): SqliteStatement {
  const statement = sqlite.prepare(sql);
  return {
    reader: statement.getColumnNames().length > 0,
    all: (parameters) => [...rowsOf(statement, parameters)],
    iterate: (parameters) => rowsOf(statement, parameters),
    run(parameters) {
      try {
        statement.run(parameters);
      } finally {
        statement.free();
      }
      const [rowid] = sqlite.exec('SELECT last_insert_rowid()')[0]?.values[0] ?? [];
      return { changes: sqlite.getRowsModified(), lastInsertRowid: Number(rowid ?? 0) };
    },
  };
}

const sqliteOf = (sqlite: SqlJs): SqliteDatabase => ({ close: () => sqlite.close(), prepare: (sql) => statementOf(sqlite, sql) });

/**
 * A database open in memory, through Kysely; `read`: a query's rows at once, for what must answer synchronously
 * (Kysely's driver is asynchronous); `bytes()`: its file, as SQLite would write it.
 */
export type SqlJsConnection = {
  db: Kysely<Database>;
  read: <Row>(query: CompiledQuery<Row>) => Row[];
  bytes: () => Uint8Array;
  close: () => void;
};

/**
 * Opens `file` (the bytes of a database), or a new empty database, with the server's settings that matter in memory
 * (server/db/sqlite.ts): foreign keys enforced, and what a write removes overwritten, so that the bytes the browser
 * keeps hold no erased client (decision 025).
 */
export function openSqlJs(sqlJs: SqlJsStatic, file?: Uint8Array): SqlJsConnection {
  const sqlite = new sqlJs.Database(file);
  sqlite.exec('PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqliteOf(sqlite) }) }),
    read: <Row>({ sql, parameters }: CompiledQuery<Row>) => [...rowsOf(sqlite.prepare(sql), parameters)] as Row[],
    bytes: () => sqlite.export(),
    close: () => sqlite.close(),
  };
}

/** A database's file as text (base64), for localStorage and IndexedDB: 8 KiB a call (spread, or 32 KiB, is 10 times slower). */
export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 0x2000) {
    text += String.fromCharCode.apply(null, bytes.subarray(start, start + 0x2000) as unknown as number[]);
  }
  return btoa(text);
}

export function fromBase64(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}
