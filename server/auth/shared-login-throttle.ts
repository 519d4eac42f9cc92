/**
 * The login throttle of instances sharing PostgreSQL: LoginThrottle's rules, counted in `login_attempts`
 * under an advisory lock per key (docs/decisions/008-login-throttle-and-hashing-slots.md).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { UNREPORTED, type FailureEpisodes } from '../background/background-tasks.ts';
import type { Database } from '../db/schema.ts';
import {
  DEFAULT_MAX_CONCURRENT_CHECKS,
  throttleKeys,
  throttleWaitMs,
  type Admission,
  type LoginAttempt,
  type LoginThrottleOptions,
  type LoginThrottling,
} from './login-throttle.ts';

export type SharedLoginThrottleOptions = LoginThrottleOptions & {
  /** Where the bookkeeping write after the check reports (the log, once per episode of failures). */
  report?: FailureEpisodes;
};

export class SharedLoginThrottle implements LoginThrottling {
  readonly #db: Kysely<Database>;
  readonly #options: Required<Omit<SharedLoginThrottleOptions, 'maxKeys'>>;
  #inFlightTotal = 0;
  #queue: Promise<void> = Promise.resolve();

  constructor(db: Kysely<Database>, options: SharedLoginThrottleOptions) {
    this.#db = db;
    this.#options = { clock: Date.now, maxConcurrentChecks: DEFAULT_MAX_CONCURRENT_CHECKS, report: UNREPORTED, ...options };
  }

  async admit(attempt: LoginAttempt): Promise<Admission> {
    const { clock } = this.#options;
    const limits = new Map(throttleKeys(attempt, this.#options));
    const keys = [...limits.keys()].sort();
    const now = clock();
    const ids = keys.map(() => randomUUID());
    // One admission at a time on this instance, in arrival order (a login is rare; this is
    // one short transaction): its bound on checks in flight is then exact, and too many
    // failures get their response first (429), as in memory.
    const turn = this.#queue.then(() => this.#admitInDatabase(keys, limits, ids, now));
    this.#queue = turn.then(
      () => {},
      () => {},
    );
    const admission = await turn;
    if (admission) return admission;
    let finished = false;
    return {
      admitted: true,
      login: {
        finish: async (outcome) => {
          if (finished) return;
          finished = true;
          this.#inFlightTotal -= 1;
          try {
            await this.#record(ids, outcome, `account:${attempt.username}`);
            this.#options.report.succeeded();
          } catch (error) {
            // The rows stay in flight: they count as failures until they leave the window.
            this.#options.report.failed(error);
          }
        },
      },
    };
  }

  /** Counts the keys' failures and logins in flight; when none stands in the way, records this one in flight. */
  async #admitInDatabase(keys: string[], limits: Map<string, number>, ids: string[], now: number): Promise<Admission | undefined> {
    const { windowMs, maxConcurrentChecks } = this.#options;
    let counted = false;
    try {
      return await this.#db.transaction().execute(async (trx): Promise<Admission | undefined> => {
        for (const key of keys) await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
        await trx
          .deleteFrom('login_attempts')
          .where('key', 'in', keys)
          .where('at', '<=', new Date(now - windowMs).toISOString())
          .execute();
        const rows = await trx.selectFrom('login_attempts').select(['key', 'at', 'state']).where('key', 'in', keys).orderBy('at').execute();
        let waitMs = 0;
        for (const key of keys) {
          const mine = rows.filter((row) => row.key === key);
          const failures = mine.filter((row) => row.state === 'failed').map((row) => Date.parse(row.at));
          const inFlight = mine.length - failures.length;
          waitMs = Math.max(waitMs, throttleWaitMs(failures, inFlight, limits.get(key) ?? 0, now, windowMs));
        }
        if (waitMs > 0) return { admitted: false, reason: 'throttled', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
        if (this.#inFlightTotal >= maxConcurrentChecks) return { admitted: false, reason: 'busy', retryAfterSeconds: 1 };
        const at = new Date(now).toISOString();
        await trx
          .insertInto('login_attempts')
          .values(keys.map((key, index) => ({ id: ids[index] as string, key, at, state: 'in_flight' as const })))
          .execute();
        this.#inFlightTotal += 1;
        counted = true;
        return undefined;
      });
    } catch (error) {
      // The check was counted, but the row of the login in flight did not commit.
      if (counted) this.#inFlightTotal -= 1;
      throw error;
    }
  }

  async #record(ids: string[], outcome: 'failed' | 'succeeded' | undefined, accountKey: string): Promise<void> {
    if (outcome === 'failed') {
      const at = new Date(this.#options.clock()).toISOString();
      await this.#db.updateTable('login_attempts').set({ state: 'failed', at }).where('id', 'in', ids).execute();
      return;
    }
    await this.#db.transaction().execute(async (trx) => {
      await trx.deleteFrom('login_attempts').where('id', 'in', ids).execute();
      // A successful login clears the account's failures (not the address's).
      if (outcome === 'succeeded')
        await trx.deleteFrom('login_attempts').where('key', '=', accountKey).where('state', '=', 'failed').execute();
    });
  }

  /** Deletes what has left the window, for keys never tried again. */
  async purgeExpired(): Promise<number> {
    const cutoff = new Date(this.#options.clock() - this.#options.windowMs).toISOString();
    const result = await this.#db.deleteFrom('login_attempts').where('at', '<=', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
