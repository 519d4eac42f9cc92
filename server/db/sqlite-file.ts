/** SQLite files through Node's built-in `node:sqlite` (docs/decisions/035-node-sqlite.md): opening one, reading one column. */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { pathToFileURL } from 'node:url';

export type OpenOptions = {
  /** Refuses a missing file (SQLITE_CANTOPEN) instead of creating an empty database. */
  mustExist?: boolean;
  readOnly?: boolean;
  /** How long a statement waits for another connection's lock before failing with SQLITE_BUSY (busy_timeout). */
  timeoutMs?: number;
};

export function openSqliteFile(file: string, { mustExist = false, readOnly = false, timeoutMs = 0 }: OpenOptions = {}): DatabaseSync {
  // SQLite creates a missing file unless told otherwise: a file: URL's mode=rw opens without SQLITE_OPEN_CREATE (a
  // read-only connection never creates).
  const location = mustExist && !readOnly ? new URL(`${pathToFileURL(file).href}?mode=rw`) : file;
  return new DatabaseSync(location, { readOnly, timeout: timeoutMs });
}

export type ColumnStatement = {
  all(...parameters: SQLInputValue[]): unknown[];
  get(...parameters: SQLInputValue[]): unknown;
  iterate(...parameters: SQLInputValue[]): IterableIterator<unknown>;
};

/** A statement that reads the first column of each row, not a row object (PRAGMA page_size, count(*), a list of ids). */
export function prepareColumn(db: DatabaseSync, sql: string): ColumnStatement {
  const statement = db.prepare(sql);
  statement.setReturnArrays(true);
  const first = (row: unknown) => (row as unknown[] | undefined)?.[0];
  return {
    all: (...parameters) => statement.all(...parameters).map(first),
    get: (...parameters) => first(statement.get(...parameters)),
    *iterate(...parameters) {
      for (const row of statement.iterate(...parameters)) yield first(row);
    },
  };
}
