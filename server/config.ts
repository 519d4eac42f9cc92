/**
 * Configuration: what `buildApp` needs (AppConfig), and how the listening entry reads it
 * from the environment, checked with zod so that a bad value stops the start with a message
 * naming the variable instead of failing later.
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { Currency, DEFAULT_CURRENCY, TimeZone, type Salon } from '#contract/book';
import { BOOKING_DAYS, DEFAULT_CANCEL_HOURS } from '#contract/online-booking';
import { DEFAULT_SESSION_MAX_HOURS } from '#contract/session-expires';
import { MIN_AUDIT_KEEP_DAYS } from '#contract/team';
import type { ScryptParams } from './auth/password.ts';
import { passwordProblem } from '#contract/new-password';
import type { DatabaseConfig } from './db/database.ts';
import type { PostgresConfig } from './db/postgres.ts';
import { DEFAULT_CONNECTION_TIMEOUTS, type ConnectionTimeouts } from './http/timeouts.ts';
import { DEFAULT_REPLAY_LIMIT } from './events/change-feed.ts';
import { DEFAULT_SALON_ADDRESS } from './email/booking-email.ts';
import type { SenderTuning } from './email/sender.ts';
import type { StreamLimits } from './events/event-streams.ts';

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type AppConfig = {
  /** The SQLite file, or the PostgreSQL database and its pool. */
  database: DatabaseConfig;
  /** How long slow and idle connections are kept; DEFAULT_CONNECTION_TIMEOUTS when absent (tests use short ones). */
  connectionTimeouts?: ConnectionTimeouts;
  /** The built SPA to serve (Vite's dist/), or null for the API alone. */
  staticDir: string | null;
  /** Fastify's trustProxy: false, true (any peer), or the trusted proxies' addresses (comma-separated). */
  trustProxy: boolean | string;
  /** The site's public origin (`https://salon.example`); when null, the request's Host is the origin. */
  publicOrigin: string | null;
  session: { idleMinutes: number; maxHours: number };
  loginThrottle: {
    maxFailuresPerAccount: number;
    maxFailuresPerAddress: number;
    windowMinutes: number;
    /** Logins being checked at once across the server; more get 503 (default in auth/login-throttle.ts). */
    maxConcurrentChecks?: number;
  };
  logLevel: LogLevel;
  /** Where logs go (tests capture them); standard output when absent. */
  logStream?: { write(line: string): void };
  /** Hashing cost; the OWASP parameters when absent (tests use cheaper ones). */
  passwordHashing?: ScryptParams;
  /** How long a deleted client stays in "Recently deleted" before it is purged with its history (default 30). */
  deletedClientsKeepDays?: number;
  /** How long the audit trail keeps an entry (default 365, at least MIN_AUDIT_KEEP_DAYS). */
  auditKeepDays?: number;
  /** The live updates' streams and bounds; DEFAULT_EVENTS where absent. */
  events?: Partial<EventsConfig>;
  /** The time, in ms since the epoch (tests move it to expire sessions). */
  clock?: () => number;
  /** The book's time zone and currency (SALON_TIME_ZONE, SALON_CURRENCY); defaultSalon() when absent. */
  salon?: Salon;
  /** SALON_CANCEL_HOURS: a visitor cancels online up to this many hours before the start (default 24). */
  cancelHours?: number;
  /** The emails (SMTP_URL, MAIL_FROM, SALON_ADDRESS); DEFAULT_EMAIL (kept in the outbox, printed) when absent. */
  email?: EmailConfig;
};

/** docs/operations.md, "Email". */
export type EmailConfig = {
  /** smtp:// or smtps://, with the credentials; null: emails stay in the outbox and are printed to the log. */
  smtpUrl: string | null;
  /** The From of every email: `Your Beauty Salon <salon@example.com>` or an address alone. */
  from: string;
  /** The salon's address, given in the booking's email and its calendar event. */
  address: string;
  /** The sender's lease and waits (tests shorten them); email/sender.ts's defaults where absent. */
  tuning?: Partial<SenderTuning>;
};

export const DEFAULT_EMAIL: EmailConfig = {
  smtpUrl: null,
  from: 'Your Beauty Salon <salon@localhost>',
  address: DEFAULT_SALON_ADDRESS,
};

/** The salon's settings when none are given: the server's own time zone, and euros. */
export const defaultSalon = (): Salon => ({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, currency: DEFAULT_CURRENCY });

/** GET /api/events: docs/operations.md, "Live updates". */
export type EventsConfig = StreamLimits & {
  /** A stream further behind than this many changes gets `reset` (the screen refetches) rather than a replay. */
  replayLimit: number;
  /** How often SQLite is asked for other processes' commits (PostgreSQL tells: LISTEN). */
  watchIntervalMs: number;
};

export const DEFAULT_EVENTS: EventsConfig = {
  perSession: 10,
  perInstance: 2000,
  heartbeatMs: 25_000,
  maxBufferedBytes: 1024 * 1024,
  sessionCheckMs: 15_000,
  replayLimit: DEFAULT_REPLAY_LIMIT,
  watchIntervalMs: 250,
};

export type ServerConfig = {
  app: AppConfig;
  port: number;
  host: string;
  /** The account created on the first start, when the database has none. */
  initialAccount: { username: string; password: string | undefined };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const DEFAULT_DATABASE_URL = 'file:./data/salon.db';

/** A database URL fit to print: without its password. */
export function redactedUrl(value: string): string {
  if (!URL.canParse(value)) return value;
  const url = new URL(value);
  if (url.password) url.password = '***';
  return url.toString();
}

/** The pool settings of a PostgreSQL database (DATABASE_POOL_SIZE and the time-outs), as their defaults. */
export type PostgresPoolSettings = Omit<PostgresConfig, 'kind' | 'url'>;

export const DEFAULT_POSTGRES_POOL: PostgresPoolSettings = { poolSize: 10, connectTimeoutMs: 3000, statementTimeoutMs: 10_000 };

/**
 * The database named by DATABASE_URL: `postgres://user:password@host:5432/salon` (or
 * `postgresql://`) for PostgreSQL; for SQLite `file:./relative.db`, `file:/abs.db`,
 * `file:///abs.db`, or a plain path, relative paths from the working directory.
 */
export function databaseFromUrl(
  value: string,
  cwd: string = process.cwd(),
  pool: PostgresPoolSettings = DEFAULT_POSTGRES_POOL,
): DatabaseConfig {
  if (/^postgres(ql)?:\/\//i.test(value)) {
    const url = URL.canParse(value) ? new URL(value) : undefined;
    if (!url?.hostname || url.pathname.length < 2) {
      throw new ConfigError('DATABASE_URL: a PostgreSQL URL needs a host and a database, like postgres://user:password@host:5432/salon');
    }
    return { kind: 'postgres', url: value, ...pool };
  }
  return { kind: 'sqlite', file: sqliteFileFromUrl(value, cwd) };
}

function sqliteFileFromUrl(value: string, cwd: string): string {
  if (value.startsWith('file://')) {
    try {
      return fileURLToPath(value);
    } catch {
      throw new ConfigError(`DATABASE_URL: ${value} is not a local file URL`);
    }
  }
  if (value.startsWith('file:')) {
    const path = value.slice('file:'.length);
    if (!path) throw new ConfigError('DATABASE_URL: file: needs a path, like file:./data/salon.db');
    return isAbsolute(path) ? path : resolve(cwd, path);
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new ConfigError(
      `DATABASE_URL: must be a SQLite file (file:./data/salon.db or a path) or a PostgreSQL URL (postgres://…), not ${value.split(':')[0]}:`,
    );
  }
  return isAbsolute(value) ? value : resolve(cwd, value);
}

export const DEFAULT_DELETED_CLIENTS_KEEP_DAYS = 30;
export const DEFAULT_AUDIT_KEEP_DAYS = 365;

const TRUST_PROXY_KEYWORDS = /^(loopback|linklocal|uniquelocal|[0-9a-f:.]+(\/\d{1,3})?)$/i;

function parseTrustProxy(value: string, ctx: z.RefinementCtx): boolean | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => TRUST_PROXY_KEYWORDS.test(entry))) return entries.join(',');
  ctx.addIssue({ code: 'custom', message: "must be true, false, or the proxies' addresses (comma-separated IPs or CIDRs, or loopback)" });
  return z.NEVER;
}

function parseOrigin(value: string, ctx: z.RefinementCtx): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    ctx.addIssue({ code: 'custom', message: 'must be an origin like https://salon.example (scheme, host and optional port only)' });
    return z.NEVER;
  }
  return url.origin;
}

function parseSmtpUrl(value: string, ctx: z.RefinementCtx): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) {
    ctx.addIssue({ code: 'custom', message: 'must be an SMTP URL like smtps://user:password@mail.example:465 (smtp:// or smtps://)' });
    return z.NEVER;
  }
  return value;
}

/** An address alone, or a name and an address in angle brackets. */
const MAIL_FROM_FORM = /^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

const wholeNumber = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be a whole number from ${min} to ${max}`)
    .default(fallback);

const EnvSchema = z.object({
  PORT: wholeNumber(0, 65535, 3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL),
  DATABASE_POOL_SIZE: wholeNumber(1, 1000, DEFAULT_POSTGRES_POOL.poolSize),
  DATABASE_CONNECT_TIMEOUT_MS: wholeNumber(100, 60_000, DEFAULT_POSTGRES_POOL.connectTimeoutMs),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(100, 600_000, DEFAULT_POSTGRES_POOL.statementTimeoutMs),
  STATIC_DIR: z.string().default('./dist'),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  PUBLIC_ORIGIN: z.string().transform(parseOrigin).optional(),
  SESSION_IDLE_MINUTES: wholeNumber(1, 24 * 60, 30),
  SESSION_MAX_HOURS: wholeNumber(1, 30 * 24, DEFAULT_SESSION_MAX_HOURS),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: wholeNumber(1, 1000, 5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: wholeNumber(1, 10_000, 20),
  LOGIN_WINDOW_MINUTES: wholeNumber(1, 24 * 60, 15),
  DELETED_CLIENTS_KEEP_DAYS: wholeNumber(1, 3650, DEFAULT_DELETED_CLIENTS_KEEP_DAYS),
  // The databases refuse to remove an entry younger than MIN_AUDIT_KEEP_DAYS (migration 0007).
  AUDIT_KEEP_DAYS: wholeNumber(MIN_AUDIT_KEEP_DAYS, 36_500, DEFAULT_AUDIT_KEEP_DAYS),
  EVENTS_MAX_STREAMS_PER_SESSION: wholeNumber(1, 1000, DEFAULT_EVENTS.perSession),
  EVENTS_MAX_STREAMS: wholeNumber(1, 100_000, DEFAULT_EVENTS.perInstance),
  EVENTS_HEARTBEAT_SECONDS: wholeNumber(1, 3600, DEFAULT_EVENTS.heartbeatMs / 1000),
  // For tests only (docs/server.md, "Time-outs"): the reliability suite's quick slowloris check need not wait 10 s.
  SALON_TEST_HEADERS_TIMEOUT_MS: wholeNumber(500, DEFAULT_CONNECTION_TIMEOUTS.headersMs, DEFAULT_CONNECTION_TIMEOUTS.headersMs),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  SALON_TIME_ZONE: TimeZone.optional(),
  SALON_CURRENCY: Currency.default(DEFAULT_CURRENCY),
  SMTP_URL: z.string().transform(parseSmtpUrl).optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(MAIL_FROM_FORM, 'must be an email address, or a name and an address: Your Beauty Salon <salon@example.com>')
    .default(DEFAULT_EMAIL.from),
  SALON_ADDRESS: z.string().trim().min(1).max(200, 'must be at most 200 characters').default(DEFAULT_EMAIL.address),
  SALON_CANCEL_HOURS: wholeNumber(0, 24 * BOOKING_DAYS, DEFAULT_CANCEL_HOURS),
  SALON_ADMIN_USERNAME: z.string().default('admin'),
  SALON_ADMIN_PASSWORD: z
    .string()
    .superRefine((password, context) => {
      const problem = passwordProblem(password);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
});

/** Reads and checks the environment; throws a ConfigError listing every problem. */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ServerConfig {
  // An empty variable counts as unset (a common shell and .env habit).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const vars = parsed.data;
  if (vars.SESSION_IDLE_MINUTES > vars.SESSION_MAX_HOURS * 60) {
    throw new ConfigError('Invalid configuration:\n  SESSION_IDLE_MINUTES: must not be longer than SESSION_MAX_HOURS');
  }
  let database: DatabaseConfig;
  try {
    database = databaseFromUrl(vars.DATABASE_URL, cwd, {
      poolSize: vars.DATABASE_POOL_SIZE,
      connectTimeoutMs: vars.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: vars.DATABASE_STATEMENT_TIMEOUT_MS,
    });
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    port: vars.PORT,
    host: vars.HOST,
    initialAccount: { username: vars.SALON_ADMIN_USERNAME, password: vars.SALON_ADMIN_PASSWORD },
    app: {
      database,
      staticDir: resolve(cwd, vars.STATIC_DIR),
      trustProxy: vars.TRUST_PROXY,
      publicOrigin: vars.PUBLIC_ORIGIN ?? null,
      session: { idleMinutes: vars.SESSION_IDLE_MINUTES, maxHours: vars.SESSION_MAX_HOURS },
      loginThrottle: {
        maxFailuresPerAccount: vars.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        maxFailuresPerAddress: vars.LOGIN_MAX_FAILURES_PER_ADDRESS,
        windowMinutes: vars.LOGIN_WINDOW_MINUTES,
      },
      deletedClientsKeepDays: vars.DELETED_CLIENTS_KEEP_DAYS,
      auditKeepDays: vars.AUDIT_KEEP_DAYS,
      events: {
        perSession: vars.EVENTS_MAX_STREAMS_PER_SESSION,
        perInstance: vars.EVENTS_MAX_STREAMS,
        heartbeatMs: vars.EVENTS_HEARTBEAT_SECONDS * 1000,
      },
      logLevel: vars.LOG_LEVEL,
      salon: { timeZone: vars.SALON_TIME_ZONE ?? defaultSalon().timeZone, currency: vars.SALON_CURRENCY },
      email: { smtpUrl: vars.SMTP_URL ?? null, from: vars.MAIL_FROM, address: vars.SALON_ADDRESS },
      cancelHours: vars.SALON_CANCEL_HOURS,
      connectionTimeouts: { ...DEFAULT_CONNECTION_TIMEOUTS, headersMs: vars.SALON_TEST_HEADERS_TIMEOUT_MS },
    },
  };
}
