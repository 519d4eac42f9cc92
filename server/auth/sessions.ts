/**
 * Server-side sessions. The browser holds a random token; the database holds its SHA-256,
 * the account, when the session began and when it was last used. A session ends on logout,
 * after `idleMs` without use, `absoluteMs` after login whatever the use, and when its
 * account's password changes or the account is removed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { createSessionsRepository } from '../repositories/sessions.js';
import { generateSessionToken, hashSessionToken } from './session-cookie.js';

export type Session = { tokenHash: string; staffId: string; username: string };

export type SessionOptions = {
  idleMs: number;
  absoluteMs: number;
  clock?: () => number;
};

export function createSessions(db: Kysely<Database>, { idleMs, absoluteMs, clock = Date.now }: SessionOptions) {
  const sessions = createSessionsRepository(db);
  // Recording every request's time would make each read a write; a minute's precision
  // (less for very short idle time-outs) is plenty for an idle time-out.
  const touchEveryMs = Math.min(60_000, Math.floor(idleMs / 4));

  return {
    /** Starts a session for the account and returns the token for the cookie. */
    async start(staffId: string): Promise<string> {
      const token = generateSessionToken();
      const now = new Date(clock()).toISOString();
      await sessions.insert({ token_hash: hashSessionToken(token), staff_id: staffId, created_at: now, last_seen_at: now });
      return token;
    },

    /** The live session of `token`, or undefined; an expired one is deleted on the way. */
    async resume(token: string): Promise<Session | undefined> {
      const tokenHash = hashSessionToken(token);
      const row = await sessions.findByTokenHash(tokenHash);
      if (!row) return undefined;
      const now = clock();
      const lastSeen = Date.parse(row.last_seen_at);
      if (now - lastSeen >= idleMs || now - Date.parse(row.created_at) >= absoluteMs) {
        await sessions.delete(tokenHash);
        return undefined;
      }
      if (now - lastSeen >= touchEveryMs) await sessions.touch(tokenHash, new Date(now).toISOString());
      return { tokenHash, staffId: row.staff_id, username: row.username };
    },

    async end(token: string): Promise<void> {
      await sessions.delete(hashSessionToken(token));
    },

    /** Deletes every expired session; returns how many. */
    async purgeExpired(): Promise<number> {
      const now = clock();
      return sessions.deleteExpired(new Date(now - idleMs).toISOString(), new Date(now - absoluteMs).toISOString());
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
