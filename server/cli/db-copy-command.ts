/**
 * The db:copy CLI's logic, apart from the process (so tests can run it): copies the clients
 * (live and deleted, with their versions), their change log, the staff accounts with their sign-in links, and the
 * audit trail (not sessions) from one database to an empty one, typically a SQLite file to PostgreSQL, in one
 * transaction on the target, and checks the counts before it commits.
 */
import { existsSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { ConfigError, databaseFromUrl, redactedUrl } from '../config.ts';
import { openDatabase, type DatabaseConfig } from '../db/database.ts';
import { isPostgres } from '../db/engine.ts';
import type { Database } from '../db/schema.ts';
import { commandArguments, refusalsExitOne, type CommandIo, type Progress } from './run-command.ts';

export const DB_COPY_USAGE = `Usage: npm run db:copy -- --from URL --to URL

Copies the clients, their change log, the staff accounts with their unused sign-in links, and
the audit trail (ids, versions, password hashes and times as they are; not the sessions: staff
log in again) from one database to another that holds none, in one transaction, and checks
that the counts match before it commits. Stop the server first.
  --from URL   the database to copy, like file:./data/salon.db
  --to URL     the empty database to fill, like postgres://user:password@host:5432/salon
Either may be a SQLite file (file:… or a path) or a PostgreSQL URL (postgres://…).`;

/** A copy refused or undone, with a message that says why; nothing was written. */
class DbCopyRefused extends Error {
  override name = 'DbCopyRefused';
}

export type DbCopyOptions = {
  /** Where relative SQLite paths start (default the working directory). */
  cwd?: string;
  /** Rows per INSERT (default 1,000). */
  batchSize?: number;
  /** Progress shows once the copy has taken this long (default 1 s). */
  progressAfterMs?: number;
};

/**
 * The tables copied row for row, in this order (a sign-in link and a passkey need their account), with the key they
 * are read by. Passkey challenges live five minutes, visitors' holds ten, the booking rate limits' requests an hour:
 * not copied.
 */
const COPIED = [
  ['staff', 'id'],
  ['sign_in_links', 'token_hash'],
  ['passkeys', 'id'],
  // The book's setup (issue 40): a member's hours and time off need their account.
  ['services', 'id'],
  ['working_hours', 'staff_id'],
  ['time_off', 'id'],
  ['clients', 'id'],
  ['client_changes', 'seq'],
  // What online bookings keep beside a client (issue 41).
  ['client_details', 'client_id'],
  // The appointments name their client, service and member; their history names them.
  ['appointments', 'id'],
  ['appointment_changes', 'seq'],
  ['booking_cancel_links', 'token_hash'],
  ['audit_entries', 'seq'],
] as const;
type CopiedTable = (typeof COPIED)[number][0];
type Counts = Record<CopiedTable, number>;

const formatInt = (value: number) => value.toLocaleString('en-US');
const plural = (count: number, word: string) => `${formatInt(count)} ${word}${count === 1 ? '' : 's'}`;
const describeCounts = (counts: Counts) => `${plural(counts.clients, 'client')} and ${plural(counts.staff, 'staff account')}`;

/** A database fit to print: the SQLite file, or the PostgreSQL URL without its password. */
const describeDatabase = (config: DatabaseConfig) => (config.kind === 'sqlite' ? config.file : redactedUrl(config.url));

function databaseOf(option: '--from' | '--to', url: string, cwd: string): DatabaseConfig {
  try {
    return databaseFromUrl(url, cwd);
  } catch (error) {
    if (error instanceof ConfigError) throw new DbCopyRefused(error.message.replace(/^DATABASE_URL/, option));
    throw error;
  }
}

function sameDatabase(a: DatabaseConfig, b: DatabaseConfig): boolean {
  if (a.kind === 'sqlite' && b.kind === 'sqlite') return a.file === b.file;
  if (a.kind === 'postgres' && b.kind === 'postgres') {
    const [x, y] = [new URL(a.url), new URL(b.url)];
    return x.hostname === y.hostname && (x.port || '5432') === (y.port || '5432') && x.pathname === y.pathname;
  }
  return false;
}

/** What an error opening a database says (pg's connection refusals are AggregateErrors with no message). */
function reason(error: unknown): string {
  if (error instanceof AggregateError && !error.message && error.errors[0] instanceof Error) return reason(error.errors[0]);
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return error.message || (typeof code === 'string' ? code : error.name);
}

async function open(option: '--from' | '--to', config: DatabaseConfig): Promise<Kysely<Database>> {
  try {
    // One connection is all the copy uses; a large batch may take longer than a request would.
    return (await openDatabase(config.kind === 'postgres' ? { ...config, poolSize: 2, statementTimeoutMs: 120_000 } : config)).db;
  } catch (error) {
    throw new DbCopyRefused(`Could not open ${option} ${describeDatabase(config)}: ${reason(error)}`);
  }
}

async function countRows(db: Kysely<Database>): Promise<Counts> {
  const counts = {} as Counts;
  for (const [table] of COPIED) {
    const { count } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(count);
  }
  return counts;
}

const sameCounts = (a: Counts, b: Counts) => COPIED.every(([table]) => a[table] === b[table]);
const total = (counts: Counts) => COPIED.reduce((sum, [table]) => sum + counts[table], 0);

function progressPrinter(io: CommandIo & { progress?: Progress }, total: number, afterMs: number) {
  const started = performance.now();
  let lastTenth = -1;
  let shown = false;
  return {
    update(copied: number) {
      const { progress } = io;
      if (!progress || total === 0 || performance.now() - started < afterMs) return;
      const percent = Math.floor((copied / total) * 100);
      const line = `Copying: ${formatInt(copied)} of ${formatInt(total)} rows (${percent}%)`;
      if (progress.isTTY) progress.write(`\r${line}`);
      else if (Math.floor(percent / 10) > lastTenth) progress.write(`${line}\n`);
      lastTenth = Math.floor(percent / 10);
      shown = true;
    },
    end() {
      if (shown && io.progress?.isTTY) io.progress.write('\r\x1b[K');
    },
  };
}

/**
 * Copies every row of `table`, `batchSize` rows per INSERT, reading the source in key order
 * (each page starts after the last key of the one before, in the source's own order).
 */
async function copyTable(
  source: Kysely<Database>,
  target: Kysely<Database>,
  table: CopiedTable,
  key: (typeof COPIED)[number][1],
  batchSize: number,
  onRows: (count: number) => void,
): Promise<void> {
  // The tables differ only in their columns, which are copied as they are: one loose type for them all.
  const from = source as unknown as Kysely<Record<string, Record<string, string | number | null>>>;
  const to = target as unknown as typeof from;
  let after: string | number | null | undefined;
  for (;;) {
    let page = from.selectFrom(table).selectAll().orderBy(key).limit(batchSize);
    if (after !== undefined && after !== null) page = page.where(key, '>', after);
    const rows = await page.execute();
    if (rows.length === 0) return;
    await to.insertInto(table).values(rows).execute();
    onRows(rows.length);
    after = rows[rows.length - 1]?.[key];
    if (rows.length < batchSize) return;
  }
}

type CopyRequest = { from: DatabaseConfig; to: DatabaseConfig };

function copyRequest(fromUrl: string, toUrl: string, cwd: string): CopyRequest {
  const from = databaseOf('--from', fromUrl, cwd);
  const to = databaseOf('--to', toUrl, cwd);
  if (sameDatabase(from, to)) throw new DbCopyRefused(`--from and --to are the same database (${describeDatabase(from)})`);
  if (from.kind === 'sqlite' && !existsSync(from.file)) throw new DbCopyRefused(`--from ${from.file}: no such file`);
  return { from, to };
}

/** Runs `npm run db:copy -- --from URL --to URL`; returns the exit code (0 done, 1 refused, 2 usage). */
export async function runDbCopyCommand(
  args: readonly string[],
  io: CommandIo & { progress?: Progress },
  options: DbCopyOptions = {},
): Promise<number> {
  const { cwd = process.cwd(), batchSize = 1000, progressAfterMs = 1000 } = options;
  const parsed = commandArguments(args, io, DB_COPY_USAGE, {
    options: { from: { type: 'string' }, to: { type: 'string' } },
    required: ['from', 'to'],
  });
  if (typeof parsed === 'number') return parsed;
  const { from, to } = parsed.values as { from: string; to: string };
  return refusalsExitOne(io, [DbCopyRefused], async () => {
    const request = copyRequest(from, to, cwd);
    const started = performance.now();
    const source = await open('--from', request.from);
    try {
      const target = await open('--to', request.to);
      try {
        const targetName = describeDatabase(request.to);
        const copied = await copy(source, target, targetName, { batchSize, progressAfterMs, io });
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        io.out(`Copied ${describeCounts(copied)} to ${targetName} in ${seconds} s; counts match.`);
        return 0;
      } finally {
        await target.destroy();
      }
    } finally {
      await source.destroy();
    }
  });
}

async function copy(
  source: Kysely<Database>,
  target: Kysely<Database>,
  targetName: string,
  { batchSize, progressAfterMs, io }: { batchSize: number; progressAfterMs: number; io: CommandIo & { progress?: Progress } },
): Promise<Counts> {
  // The source is read in one transaction (on PostgreSQL a snapshot): what is counted is what is copied.
  const reading = isPostgres(source) ? source.transaction().setIsolationLevel('repeatable read') : source.transaction();
  return reading.execute(async (from) => {
    const expected = await countRows(from);
    return target.transaction().execute(async (to) => {
      // No one else writes these tables until the copy commits (on SQLite, BEGIN IMMEDIATE did that).
      if (isPostgres(to)) {
        await sql`LOCK TABLE clients, staff, client_changes, sign_in_links, passkeys, services, working_hours, time_off, appointments, appointment_changes, client_details, booking_cancel_links, audit_entries IN EXCLUSIVE MODE`.execute(
          to,
        );
      }
      const held = await countRows(to);
      if (total(held) > 0) {
        throw new DbCopyRefused(
          `${targetName} already holds ${describeCounts(held)}: db:copy fills an empty database only. Nothing was copied.`,
        );
      }
      const progress = progressPrinter(io, total(expected), progressAfterMs);
      let copied = 0;
      const onRows = (count: number) => progress.update((copied += count));
      try {
        // The audit trail is append-only (migration 0007): its triggers refuse changes and early removals, not inserts.
        for (const [table, key] of COPIED) await copyTable(from, to, table, key, batchSize, onRows);
        // The registrations' Idempotency-Keys of the last 24 hours: a device replaying one after the move registers nothing.
        const keys = await from.selectFrom('idempotency_keys').selectAll().orderBy('actor').orderBy('key').execute();
        for (let start = 0; start < keys.length; start += batchSize) {
          await to
            .insertInto('idempotency_keys')
            .values(keys.slice(start, start + batchSize))
            .execute();
        }
        // The imports of the last 30 days, to list and undo them after the move (their entries carry their ids).
        const imports = await from.selectFrom('imports').selectAll().orderBy('id').execute();
        for (let start = 0; start < imports.length; start += batchSize) {
          await to
            .insertInto('imports')
            .values(imports.slice(start, start + batchSize))
            .execute();
        }
        // The merges, to undo them after the move (the other clients' rows are in them while merged).
        const merges = await from.selectFrom('merges').selectAll().orderBy('id').execute();
        for (let start = 0; start < merges.length; start += batchSize) {
          await to
            .insertInto('merges')
            .values(merges.slice(start, start + batchSize))
            .execute();
        }
        // How far purges left gaps in the log (live updates' replays stop there).
        const purged = await from.selectFrom('client_changes_purged').select('through').executeTakeFirst();
        if (purged) await to.updateTable('client_changes_purged').set({ through: purged.through }).execute();
        // The log's and the trail's numbers were copied as they are: PostgreSQL's next ones follow them (SQLite's
        // AUTOINCREMENT does by itself).
        if (isPostgres(to)) {
          await sql`SELECT setval(pg_get_serial_sequence('client_changes', 'seq'), greatest((SELECT max(seq) FROM client_changes), (SELECT through FROM client_changes_purged), 1))`.execute(
            to,
          );
          await sql`SELECT setval(pg_get_serial_sequence('audit_entries', 'seq'), coalesce((SELECT max(seq) FROM audit_entries), 1), (SELECT count(*) > 0 FROM audit_entries))`.execute(
            to,
          );
          await sql`SELECT setval(pg_get_serial_sequence('appointment_changes', 'seq'), coalesce((SELECT max(seq) FROM appointment_changes), 1), (SELECT count(*) > 0 FROM appointment_changes))`.execute(
            to,
          );
        }
      } finally {
        progress.end();
      }
      const [sourceCounts, targetCounts] = [await countRows(from), await countRows(to)];
      if (!sameCounts(sourceCounts, targetCounts)) {
        throw new DbCopyRefused(
          `The counts differ after the copy (source: ${describeCounts(sourceCounts)}; ${targetName}: ${describeCounts(targetCounts)}). ` +
            'Rolled back: nothing was copied.',
        );
      }
      return targetCounts;
    });
  });
}
