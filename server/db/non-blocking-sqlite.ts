/**
 * Kysely's SQLite dialect, except that waiting for another process's lock never blocks the event loop:
 * refused statements are retried on timers (docs/decisions/001-non-blocking-sqlite.md).
 */
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { SQLITE, sqliteResultCode } from './errors.ts';

const MAX_RETRY_DELAY_MS = 25;

/** SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_RECOVERY…). */
const isBusyError = (error: unknown) => sqliteResultCode(error) === SQLITE.BUSY;

/** Held while a transaction is open on the one connection. */
class TransactionLock {
  #released: Promise<void> | undefined;
  #release: (() => void) | undefined;

  get held(): boolean {
    return this.#released !== undefined;
  }

  /** Resolves once no transaction is open (at once when none is). */
  async free(): Promise<void> {
    while (this.#released) await this.#released;
  }

  async take(): Promise<void> {
    // Checked and taken with no await between: two waiters released at once cannot both take it.
    while (this.#released) await this.#released;
    this.#released = new Promise((resolve) => (this.#release = resolve));
  }

  give(): void {
    const release = this.#release;
    this.#released = undefined;
    this.#release = undefined;
    release?.();
  }
}

class NonBlockingSqliteDriver implements Driver {
  readonly #sqlite: DatabaseSync;
  readonly #busyTimeoutMs: number;
  readonly #transaction = new TransactionLock();
  readonly #afterCommit: () => void;

  constructor(sqlite: DatabaseSync, busyTimeoutMs: number, afterCommit: () => void) {
    this.#sqlite = sqlite;
    this.#busyTimeoutMs = busyTimeoutMs;
    this.#afterCommit = afterCommit;
  }

  async init(): Promise<void> {}

  /**
   * Runs `task` (synchronous) when no transaction is open, again while it fails with
   * SQLITE_BUSY, until the busy time-out. `inTransaction`: the task belongs to the open one.
   */
  async run<T>(task: () => T, inTransaction = false): Promise<T> {
    const deadline = performance.now() + this.#busyTimeoutMs;
    for (let delay = 1; ; delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS)) {
      if (!inTransaction && this.#transaction.held) await this.#transaction.free();
      try {
        return task();
      } catch (error) {
        if (inTransaction || !isBusyError(error) || performance.now() + delay > deadline) throw error;
      } finally {
        // A statement outside a transaction commits by itself.
        if (!inTransaction) this.#afterCommit();
      }
      await sleep(delay);
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new NonBlockingSqliteConnection(this, this.#sqlite);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const deadline = performance.now() + this.#busyTimeoutMs;
    for (let delay = 1; ; delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS)) {
      await this.#transaction.take();
      try {
        this.#sqlite.exec('BEGIN IMMEDIATE');
        (connection as NonBlockingSqliteConnection).inTransaction = true;
        return;
      } catch (error) {
        // Other statements may run while this one waits for the lock.
        this.#transaction.give();
        if (!isBusyError(error) || performance.now() + delay > deadline) throw error;
      }
      await sleep(delay);
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#endTransaction(connection, 'COMMIT');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.#endTransaction(connection, 'ROLLBACK');
  }

  #endTransaction(connection: DatabaseConnection, statement: 'COMMIT' | 'ROLLBACK'): void {
    try {
      // SQLite may already have rolled the transaction back (SQLITE_FULL, SQLITE_IOERR): a ROLLBACK then fails and
      // would hide the error that ended it.
      if (statement === 'ROLLBACK' && !this.#sqlite.isTransaction) return;
      this.#sqlite.exec(statement);
    } finally {
      (connection as NonBlockingSqliteConnection).inTransaction = false;
      this.#transaction.give();
      // Also after a COMMIT that failed or a ROLLBACK: told once too often is only a cache rebuilt.
      this.#afterCommit();
    }
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.#transaction.free();
    this.#sqlite.close();
  }
}

class NonBlockingSqliteConnection implements DatabaseConnection {
  inTransaction = false;
  readonly #driver: NonBlockingSqliteDriver;
  readonly #sqlite: DatabaseSync;

  constructor(driver: NonBlockingSqliteDriver, sqlite: DatabaseSync) {
    this.#driver = driver;
    this.#sqlite = sqlite;
  }

  executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    return this.#driver.run(() => {
      const statement = this.#sqlite.prepare(sql);
      const values = parameters as readonly SQLInputValue[];
      // A statement that returns rows (a SELECT, a RETURNING, a PRAGMA that answers) has columns.
      if (statement.columns().length > 0) return { rows: statement.all(...values) as R[] };
      const { changes, lastInsertRowid } = statement.run(...values);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    }, this.inTransaction);
  }

  // eslint-disable-next-line require-yield -- nothing here streams: every list is read in one go
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on this SQLite connection');
  }
}

export class NonBlockingSqliteDialect implements Dialect {
  readonly #driver: NonBlockingSqliteDriver;

  /**
   * `sqlite` must have `busy_timeout = 0`: the waiting is done here, on timers. `afterCommit` runs after every
   * statement that may have committed (one outside a transaction, a transaction's end), before its promise resolves.
   */
  constructor(sqlite: DatabaseSync, busyTimeoutMs: number, afterCommit: () => void) {
    this.#driver = new NonBlockingSqliteDriver(sqlite, busyTimeoutMs, afterCommit);
  }

  /** Runs a synchronous use of the raw handle the way a statement runs: outside transactions, retried while busy. */
  run<T>(task: () => T): Promise<T> {
    return this.#driver.run(task);
  }

  createDriver(): Driver {
    return this.#driver;
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
