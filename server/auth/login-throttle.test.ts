import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.js';

function throttle(overrides: Partial<ConstructorParameters<typeof LoginThrottle>[0]> = {}) {
  const clock = { now: 1_000_000 };
  const instance = new LoginThrottle({
    maxFailuresPerAccount: 3,
    maxFailuresPerAddress: 5,
    windowMs: 60_000,
    clock: () => clock.now,
    ...overrides,
  });
  return { instance, clock };
}

describe('LoginThrottle', () => {
  it('allows failures up to the account limit, then refuses until the oldest leaves the window', () => {
    const { instance, clock } = throttle();
    const attempt = { username: 'nina', address: '10.0.0.1' };
    for (let failure = 0; failure < 3; failure += 1) {
      expect(instance.check(attempt)).toEqual({ allowed: true });
      instance.recordFailure(attempt);
      clock.now += 10_000;
    }
    // Failures at t=0, 10 s and 20 s; now t=30 s: the first leaves the window at t=60 s.
    expect(instance.check(attempt)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    clock.now += 29_000;
    expect(instance.check(attempt)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.now += 1_000;
    expect(instance.check(attempt)).toEqual({ allowed: true });
  });

  it('counts an address across accounts', () => {
    const { instance } = throttle();
    for (let failure = 0; failure < 5; failure += 1) instance.recordFailure({ username: `user${failure}`, address: '10.0.0.2' });
    expect(instance.check({ username: 'someone-new', address: '10.0.0.2' }).allowed).toBe(false);
    expect(instance.check({ username: 'someone-new', address: '10.0.0.3' }).allowed).toBe(true);
  });

  it('clears the account, not the address, on success', () => {
    const { instance } = throttle();
    const attempt = { username: 'nina', address: '10.0.0.4' };
    for (let failure = 0; failure < 3; failure += 1) instance.recordFailure(attempt);
    instance.recordSuccess(attempt);
    expect(instance.check(attempt)).toEqual({ allowed: true });
    instance.recordFailure(attempt);
    instance.recordFailure(attempt);
    expect(instance.check({ username: 'other', address: '10.0.0.4' }).allowed).toBe(false);
  });

  it('remembers a bounded number of keys', () => {
    const { instance } = throttle({ maxKeys: 10 });
    for (let index = 0; index < 100; index += 1) instance.recordFailure({ username: `user${index}`, address: `10.1.0.${index}` });
    // The most recent keys are kept; the oldest were dropped.
    expect(instance.check({ username: 'user99', address: 'x' }).allowed).toBe(true);
    for (let failure = 0; failure < 2; failure += 1) instance.recordFailure({ username: 'user99', address: 'y' });
    expect(instance.check({ username: 'user99', address: 'z' }).allowed).toBe(false);
  });
});
