/**
 * The login throttle in memory (one process, SQLite): failures per account and per address in a
 * sliding window, a login counted while in flight (docs/decisions/008-login-throttle-and-hashing-slots.md).
 */
export type LoginThrottleOptions = {
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  windowMs: number;
  /** Logins whose password is being checked (or waits to be), at most, across the server. */
  maxConcurrentChecks?: number;
  clock?: () => number;
  /** Upper bound on remembered keys, so that a flood of made-up usernames cannot fill memory. */
  maxKeys?: number;
};

/** A short queue behind the hashing slots (password.ts runs one or two at once on a small machine). */
export const DEFAULT_MAX_CONCURRENT_CHECKS = 8;

export type LoginAttempt = { username: string; address: string };

/**
 * A login admitted for a password check: call `finish` exactly once, with the outcome when
 * there is one (in memory it returns at once; shared, once recorded).
 */
type AdmittedLogin<Finished = void | Promise<void>> = { finish(outcome?: 'failed' | 'succeeded'): Finished };

export type Admission<Finished = void | Promise<void>> =
  | { admitted: true; login: AdmittedLogin<Finished> }
  /** `throttled`: too many failures (429); `busy`: too many logins in flight on the server (503). */
  | { admitted: false; reason: 'throttled' | 'busy'; retryAfterSeconds: number };

/** What the login route needs of a throttle, in memory or shared. */
export interface LoginThrottling {
  admit(attempt: LoginAttempt): Admission | Promise<Admission>;
}

/** The two keys an attempt counts against, with their limits. */
export function throttleKeys({ username, address }: LoginAttempt, options: LoginThrottleOptions): Array<[key: string, limit: number]> {
  return [
    [`account:${username}`, options.maxFailuresPerAccount],
    [`address:${address}`, options.maxFailuresPerAddress],
  ];
}

/**
 * How long an attempt must wait because of one key (0: it need not): `recent` are the key's
 * failures inside the window (oldest first), `inFlight` its logins being checked.
 */
export function throttleWaitMs(recent: readonly number[], inFlight: number, limit: number, now: number, windowMs: number): number {
  if (recent.length + inFlight < limit) return 0;
  // Allowed again once enough of the oldest failures have left the window.
  if (recent.length >= limit) return (recent[recent.length - limit] ?? now) + windowMs - now;
  // Only logins in flight stand in the way: they end within a second or so.
  return 1000;
}

export class LoginThrottle implements LoginThrottling {
  readonly #failures = new Map<string, number[]>();
  /** Logins in flight per key. */
  readonly #inFlight = new Map<string, number>();
  #inFlightTotal = 0;
  readonly #options: Required<LoginThrottleOptions>;

  constructor(options: LoginThrottleOptions) {
    this.#options = { clock: Date.now, maxKeys: 50_000, maxConcurrentChecks: DEFAULT_MAX_CONCURRENT_CHECKS, ...options };
  }

  #keys(attempt: LoginAttempt): Array<[key: string, limit: number]> {
    return throttleKeys(attempt, this.#options);
  }

  /** The failures of `key` still inside the window (and forgets the older ones). */
  #recent(key: string, now: number): number[] {
    const times = this.#failures.get(key);
    if (!times) return [];
    const recent = times.filter((time) => now - time < this.#options.windowMs);
    if (recent.length === 0) this.#failures.delete(key);
    else if (recent.length !== times.length) this.#failures.set(key, recent);
    return recent;
  }

  /** Whether this attempt's password may be checked now; when it may, the attempt is in flight until `finish`. */
  admit(attempt: LoginAttempt): Admission<void> {
    const now = this.#options.clock();
    const keys = this.#keys(attempt);
    let waitMs = 0;
    for (const [key, limit] of keys) {
      waitMs = Math.max(waitMs, throttleWaitMs(this.#recent(key, now), this.#inFlight.get(key) ?? 0, limit, now, this.#options.windowMs));
    }
    if (waitMs > 0) return { admitted: false, reason: 'throttled', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    if (this.#inFlightTotal >= this.#options.maxConcurrentChecks) return { admitted: false, reason: 'busy', retryAfterSeconds: 1 };

    for (const [key] of keys) this.#inFlight.set(key, (this.#inFlight.get(key) ?? 0) + 1);
    this.#inFlightTotal += 1;
    let finished = false;
    return {
      admitted: true,
      login: {
        finish: (outcome) => {
          if (finished) return;
          finished = true;
          this.#inFlightTotal -= 1;
          for (const [key] of keys) {
            const left = (this.#inFlight.get(key) ?? 1) - 1;
            if (left > 0) this.#inFlight.set(key, left);
            else this.#inFlight.delete(key);
          }
          if (outcome === 'failed') this.#recordFailure(keys);
          // A successful login clears the account's failures (not the address's: one known
          // password must not unlock guessing others).
          else if (outcome === 'succeeded') this.#failures.delete(`account:${attempt.username}`);
        },
      },
    };
  }

  #recordFailure(keys: Array<[key: string, limit: number]>): void {
    const now = this.#options.clock();
    for (const [key] of keys) {
      const recent = this.#recent(key, now);
      recent.push(now);
      this.#failures.delete(key); // re-insert: Map order is then oldest activity first
      this.#failures.set(key, recent);
    }
    this.#evictOverflow(now);
  }

  #evictOverflow(now: number): void {
    if (this.#failures.size <= this.#options.maxKeys) return;
    for (const key of [...this.#failures.keys()]) this.#recent(key, now);
    for (const key of this.#failures.keys()) {
      if (this.#failures.size <= this.#options.maxKeys) break;
      this.#failures.delete(key);
    }
  }
}
