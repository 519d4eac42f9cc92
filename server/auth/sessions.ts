/**
 * Server-side sessions: the database keeps the token's SHA-256; a session ends on logout, after its idle
 * or absolute time-out, and with its account's password or the account (docs/decisions/003-session-memory.md).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '#contract/team';
import { UNREPORTED, type FailureEpisodes } from '../background/background-tasks.ts';
import type { DatabaseEngine } from '../db/engine.ts';
import { databaseErrorResponse, SQLITE, sqliteResultCode } from '../db/errors.ts';
import type { Database } from '../db/schema.ts';
import { createSessionsRepository } from '../repositories/sessions.ts';
import { generateSessionToken, hashSessionToken } from './session-cookie.ts';

export type Session = { tokenHash: string; id: string; staffId: string; username: string; role: Role };

/** Where a session was started from, for "Your sessions" on My account. */
export type SessionOrigin = { ip: string | null; userAgent: string | null };

export type SessionOptions = {
  idleMs: number;
  absoluteMs: number;
  clock?: () => number;
  /** Where the session check's background writes report (the log, once per episode of failures). */
  backgroundWrites?: FailureEpisodes;
};

/**
 * A write refused for a reason outside this server's control (a lock, a full disk, a read-only file, PostgreSQL
 * restarting): the session check's bookkeeping (the touch, deleting an expired row) can wait for a later request.
 */
const isDeferrable = (error: unknown) => databaseErrorResponse(error) !== undefined || sqliteResultCode(error) === SQLITE.READONLY;

/**
 * Runs a write of the session check's bookkeeping without the request waiting for it: while
 * another process holds the lock, the write keeps trying for a few seconds, and a read must
 * not wait that long (nor fail with a 503 or a 507) for it. Other failures are reported.
 */
function inBackground(write: Promise<unknown>, report: FailureEpisodes): void {
  write.then(report.succeeded, (error: unknown) => {
    if (!isDeferrable(error)) report.failed(error);
  });
}

/** At most this many sessions are remembered between database changes (then the memory starts over). */
const MAX_REMEMBERED_SESSIONS = 10_000;

/** A session row as the check needs it, its times parsed once. */
type KnownSession = { session: Session; createdMs: number; lastSeenMs: number };

/**
 * The sessions read since the sessions or staff accounts last changed, by token: every commit to them, this
 * server's or another process's, empties it (the database's after-commit signal, docs/decisions/022-one-after-commit-signal.md).
 */
export class SessionMemory {
  readonly #known = new Map<string, KnownSession>();
  /** Bumped whenever the memory is emptied. */
  #generation = 0;

  constructor(engine: DatabaseEngine) {
    engine.onCommit('auth', () => this.forget());
  }

  /** The memory's generation now. */
  generation(): number {
    return this.#generation;
  }

  recall(token: string): KnownSession | undefined {
    return this.#known.get(token);
  }

  /** Remembers a session read in `readInGeneration` (taken before the read), unless the database changed since. */
  remember(token: string, session: KnownSession, readInGeneration: number): void {
    if (this.#generation !== readInGeneration) return;
    if (this.#known.size >= MAX_REMEMBERED_SESSIONS) this.#known.clear();
    this.#known.set(token, session);
  }

  forget(): void {
    this.#known.clear();
    this.#generation += 1;
  }
}

export function createSessions(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  { idleMs, absoluteMs, clock = Date.now, backgroundWrites = UNREPORTED }: SessionOptions,
) {
  const sessions = createSessionsRepository(db);
  const memory = new SessionMemory(engine);
  // Recording every request's time would make each read a write; a minute's precision
  // (less for very short idle time-outs) is plenty for an idle time-out.
  const touchEveryMs = Math.min(60_000, Math.floor(idleMs / 4));

  const endListeners: Array<(tokenHash: string) => void> = [];

  /** Touches on their way, by token: a row read again must not be older than the touch already counted. */
  const pendingTouches = new Map<string, Promise<unknown>>();

  async function findSession(token: string): Promise<KnownSession | undefined> {
    const remembered = memory.recall(token);
    if (remembered) return remembered;
    await pendingTouches.get(token)?.catch(() => {});
    const generation = memory.generation();
    const tokenHash = hashSessionToken(token);
    const row = await sessions.findByTokenHash(tokenHash);
    if (!row) return undefined;
    const found: KnownSession = {
      // Shared by the requests that reuse it: frozen so that none can change it for the others.
      session: Object.freeze({ tokenHash, id: row.id, staffId: row.staff_id, username: row.username, role: row.role }),
      createdMs: Date.parse(row.created_at),
      lastSeenMs: Date.parse(row.last_seen_at),
    };
    memory.remember(token, found, generation);
    return found;
  }

  return {
    /** Starts a session for the account: the token for the cookie, and when (ms) the session ends at the latest. */
    async start(staffId: string, origin: SessionOrigin): Promise<{ token: string; endsAt: number }> {
      const token = generateSessionToken();
      const startedMs = clock();
      const now = new Date(startedMs).toISOString();
      await sessions.insert({
        token_hash: hashSessionToken(token),
        id: randomBytes(12).toString('base64url'),
        staff_id: staffId,
        created_at: now,
        last_seen_at: now,
        ip: origin.ip,
        user_agent: origin.userAgent?.slice(0, 512) ?? null,
      });
      return { token, endsAt: startedMs + absoluteMs };
    },

    /**
     * The live session of `token` when telling needs no database access: a session read since
     * the database last changed, within its time-outs and not due for a touch. Undefined
     * means "ask `resume`", not "no session".
     */
    resumeFromMemory(token: string): Session | undefined {
      const known = memory.recall(token);
      if (!known) return undefined;
      const now = clock();
      // touchEveryMs < idleMs: a session seen that recently is not idle.
      if (now - known.lastSeenMs >= touchEveryMs || now - known.createdMs >= absoluteMs) return undefined;
      return known.session;
    },

    /** The live session of `token`, or undefined; an expired one is deleted on the way. */
    async resume(token: string): Promise<Session | undefined> {
      const found = await findSession(token);
      if (!found) return undefined;
      const { session, createdMs, lastSeenMs } = found;
      const now = clock();
      if (now - lastSeenMs >= idleMs || now - createdMs >= absoluteMs) {
        inBackground(sessions.delete(session.tokenHash), backgroundWrites);
        return undefined;
      }
      if (now - lastSeenMs >= touchEveryMs) {
        // Remembered as touched at once: the next request must not find it idle, nor touch it
        // again, while the write is on its way (on PostgreSQL it may still be).
        found.lastSeenMs = now;
        const touched = sessions.touch(session.tokenHash, new Date(now).toISOString()).catch((error: unknown) => {
          // Not written: the next request tries again.
          found.lastSeenMs = lastSeenMs;
          throw error;
        });
        const pending: Promise<unknown> = touched.finally(() => {
          if (pendingTouches.get(token) === pending) pendingTouches.delete(token);
        });
        pendingTouches.set(token, pending);
        inBackground(pending, backgroundWrites);
      }
      return session;
    },

    /** Ends the session of `token`; returns it, or undefined when there was none. */
    async end(token: string): Promise<Session | undefined> {
      const found = await findSession(token);
      const tokenHash = hashSessionToken(token);
      await sessions.delete(tokenHash);
      for (const listener of endListeners) listener(tokenHash);
      return found?.session;
    },

    /** Calls `listener` with the token's hash when a session ends on this server (Sign Out). */
    onEnd(listener: (tokenHash: string) => void): void {
      endListeners.push(listener);
    },

    /**
     * Of the sessions `tokenHashes`, those still live, without counting this as a use: what keeps an event stream
     * open (it ends with its session, idle time-out included).
     */
    async liveAmong(tokenHashes: readonly string[]): Promise<Set<string>> {
      const now = clock();
      const live = await sessions.findLive(tokenHashes, new Date(now - idleMs).toISOString(), new Date(now - absoluteMs).toISOString());
      return new Set(live);
    },

    /** Live sessions per account id (an account without one is absent): the staff page's Sessions column. */
    async openCounts(): Promise<Map<string, number>> {
      const now = clock();
      return sessions.countLiveByStaff(new Date(now - idleMs).toISOString(), new Date(now - absoluteMs).toISOString());
    },

    /** The account's live sessions, last used first: "Your sessions" on My account. */
    async listForAccount(staffId: string) {
      const now = clock();
      return sessions.listLiveForStaff(staffId, new Date(now - idleMs).toISOString(), new Date(now - absoluteMs).toISOString());
    },

    /**
     * Ends the account's sessions, but the one of `exceptTokenHash` when given; returns how many ended. The other
     * instances and this one's event streams learn of it from the after-commit signal (decision 026).
     */
    async endForAccount(staffId: string, exceptTokenHash?: string): Promise<number> {
      return exceptTokenHash === undefined ? sessions.deleteForStaff(staffId) : sessions.deleteForStaffExcept(staffId, exceptTokenHash);
    },

    /** Ends the account's session named `id`; false when the account has no such session. */
    async endById(staffId: string, id: string): Promise<boolean> {
      return sessions.deleteByIdForStaff(id, staffId);
    },

    /** Deletes every expired session; returns how many. */
    async purgeExpired(): Promise<number> {
      const now = clock();
      return sessions.deleteExpired(new Date(now - idleMs).toISOString(), new Date(now - absoluteMs).toISOString());
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
