/**
 * Failed-login throttling: at most `maxFailuresPerAccount` failures per username and
 * `maxFailuresPerAddress` per client address within a sliding window; past that, login
 * answers 429 with Retry-After without checking the password. Unknown usernames count like
 * real ones, so the throttle reveals nothing about which accounts exist.
 *
 * Kept in memory: one server process, and a restart forgetting the counts is acceptable
 * (a restart is rarer than a window). The number of tracked keys is bounded.
 */
export type LoginThrottleOptions = {
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  windowMs: number;
  clock?: () => number;
  /** Upper bound on remembered keys, so that a flood of made-up usernames cannot fill memory. */
  maxKeys?: number;
};

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type LoginAttempt = { username: string; address: string };

export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();
  readonly #options: Required<LoginThrottleOptions>;

  constructor(options: LoginThrottleOptions) {
    this.#options = { clock: Date.now, maxKeys: 50_000, ...options };
  }

  #keys({ username, address }: LoginAttempt): Array<[key: string, limit: number]> {
    return [
      [`account:${username}`, this.#options.maxFailuresPerAccount],
      [`address:${address}`, this.#options.maxFailuresPerAddress],
    ];
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

  /** Whether this attempt may be checked at all. */
  check(attempt: LoginAttempt): ThrottleDecision {
    const now = this.#options.clock();
    let waitMs = 0;
    for (const [key, limit] of this.#keys(attempt)) {
      const recent = this.#recent(key, now);
      if (recent.length >= limit) {
        // Allowed again once enough of the oldest failures have left the window.
        const freeing = recent[recent.length - limit] ?? now;
        waitMs = Math.max(waitMs, freeing + this.#options.windowMs - now);
      }
    }
    return waitMs > 0 ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) } : { allowed: true };
  }

  recordFailure(attempt: LoginAttempt): void {
    const now = this.#options.clock();
    for (const [key] of this.#keys(attempt)) {
      const recent = this.#recent(key, now);
      recent.push(now);
      this.#failures.delete(key); // re-insert: Map order is then oldest activity first
      this.#failures.set(key, recent);
    }
    this.#evictOverflow(now);
  }

  /** A successful login clears the account's failures (not the address's: one known password must not unlock guessing others). */
  recordSuccess(attempt: LoginAttempt): void {
    this.#failures.delete(`account:${attempt.username}`);
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
