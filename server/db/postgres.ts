/**
 * The PostgreSQL engine, for several instances on one database: a pg pool behind Kysely, and
 * change counters that every /api request reads once (docs/decisions/022-one-after-commit-signal.md).
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { FailureEpisodes } from '../background/background-tasks.ts';
import { CommitSignal, sharedPoll, type WatchedTables } from './commit-signal.ts';
import { ADVISORY_LOCKS, type DatabaseEngine, type OpenedDatabase } from './engine.ts';
import { migrateToLatest } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type PostgresConfig = {
  kind: 'postgres';
  /** `postgres://user:password@host:5432/salon`. */
  url: string;
  /** Connections kept open at most, per server process. */
  poolSize: number;
  /** How long opening a connection may take before the request gets 503. */
  connectTimeoutMs: number;
  /** How long a statement may run before PostgreSQL cancels it (and the request gets 503). */
  statementTimeoutMs: number;
};

/**
 * The after-commit signal on PostgreSQL (docs/decisions/022-one-after-commit-signal.md): the `data_versions`
 * counters, bumped by statement triggers on every change whoever makes it (migration 0002). This instance's commits
 * are told like every other's, once a read of the counters sees them: the next request's, or the one that LISTEN's
 * notification starts.
 */
class VersionWatcher {
  readonly signal = new CommitSignal();
  readonly #read: () => Promise<Array<{ name: string; version: string }>>;
  readonly #seen = new Map<string, string>();
  #started = 0;
  /** The newest read whose rows were applied: an older read that returns late is not applied over it. */
  #applied = 0;

  constructor(read: () => Promise<Array<{ name: string; version: string }>>) {
    this.#read = read;
  }

  async #readOnce(): Promise<void> {
    const order = (this.#started += 1);
    const rows = await this.#read();
    if (order < this.#applied) return;
    this.#applied = order;
    const changed: WatchedTables[] = [];
    for (const { name, version } of rows) {
      const before = this.#seen.get(name);
      this.#seen.set(name, version);
      if (before !== undefined && before !== version) changed.push(name as WatchedTables);
    }
    this.signal.emit(changed);
  }

  /**
   * Resolves once the counters were read by a query that started after this call. The requests of one turn of the
   * event loop share one query; under load, queries overlap rather than queue, so a request waits about one round trip.
   */
  readonly poll = sharedPoll(() => this.#readOnce());
}

/** The pause before reconnecting the LISTEN connection, doubled after each failure up to the most. */
const LISTEN_RETRY_MS = { first: 250, most: 5000 };

/**
 * A connection of its own that LISTENs for the logs' new entries (clients' and appointments') and ended sessions
 * (migrations 0004, 0007 and 0013), reconnecting after a failure (the database restarted) with a growing pause. `onNotice` runs on every notification and after every connection:
 * what was committed while it was away is then read like the rest. A failed `onNotice` counts as a failed connection
 * (dropped, and made again after the pause, which reads again), so that no commit waits for the next notification.
 */
class ChangeNotices {
  readonly #config: PostgresConfig;
  readonly #onNotice: () => Promise<void>;
  readonly #report: FailureEpisodes;
  #client: pg.Client | undefined;
  #retry: NodeJS.Timeout | undefined;
  #pauseMs = LISTEN_RETRY_MS.first;
  #stopped = false;

  constructor(config: PostgresConfig, onNotice: () => Promise<void>, report: FailureEpisodes) {
    this.#config = config;
    this.#onNotice = onNotice;
    this.#report = report;
    void this.#connect();
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#config.url,
      connectionTimeoutMillis: this.#config.connectTimeoutMs,
      keepAlive: true,
      application_name: 'salon-listen',
    });
    this.#client = client;
    let failed = false;
    const fail = (error?: unknown) => {
      if (failed) return;
      failed = true;
      if (!this.#stopped) this.#report.failed(error ?? new Error('The LISTEN connection ended'));
      client.end().catch(() => {});
      if (this.#stopped) return;
      this.#retry = setTimeout(() => void this.#connect(), this.#pauseMs);
      this.#retry.unref();
      this.#pauseMs = Math.min(this.#pauseMs * 2, LISTEN_RETRY_MS.most);
    };
    const notice = () => this.#onNotice().then(() => this.#report.succeeded(), fail);
    client.on('error', fail);
    client.on('end', () => fail());
    client.on('notification', () => void notice());
    try {
      await client.connect();
      await client.query('LISTEN client_changes; LISTEN auth_changes; LISTEN appointment_changes');
      this.#pauseMs = LISTEN_RETRY_MS.first;
    } catch (error) {
      fail(error);
      return;
    }
    await notice();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retry);
    await this.#client?.end().catch(() => {});
  }
}

export async function openPostgres(config: PostgresConfig, onIdleError: (error: unknown) => void = () => {}): Promise<OpenedDatabase> {
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.poolSize,
    connectionTimeoutMillis: config.connectTimeoutMs,
    statement_timeout: config.statementTimeoutMs,
    // A statement PostgreSQL never replies to (the network dropped) fails a little after the server would have cancelled it.
    query_timeout: config.statementTimeoutMs + 1000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: 'salon',
  });
  // A broken connection (the database restarted) is dropped and replaced on next use; meanwhile requests get 503
  // (errors.ts). Its error comes on the connection, even after the pool let go of it, and again on the pool:
  // without listeners either would end the process. It is logged once, from the connection.
  pool.on('connect', (client) => client.on('error', onIdleError));
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    // Instances starting at once on an empty database migrate one after the other.
    await db.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock(${ADVISORY_LOCKS.migrations})`.execute(connection);
      try {
        await migrateToLatest(connection as Kysely<unknown>);
      } finally {
        await sql`SELECT pg_advisory_unlock(${ADVISORY_LOCKS.migrations})`.execute(connection);
      }
    });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const watcher = new VersionWatcher(
    async () => (await sql<{ name: string; version: string }>`SELECT name, version FROM data_versions`.execute(db)).rows,
  );
  await watcher.poll();
  const engine: DatabaseEngine = {
    kind: 'postgres',
    onCommit: (tables, listener) => watcher.signal.on(tables, listener),
    pollCommits: () => watcher.poll(),
    listenForCommits(report) {
      const notices = new ChangeNotices(config, () => watcher.poll(), report);
      return () => notices.stop();
    },
    async forEachValue(query, visit) {
      const { rows } = await db.executeQuery(query);
      for (const row of rows) visit(Object.values(row)[0] as never);
    },
  };
  return { db, engine };
}
