import { describe, expect, it } from 'vitest';
import { LoginThrottle, type LoginAttempt } from './login-throttle.ts';

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

/** One whole login: admitted, checked, finished with `outcome`. */
function attemptLogin(instance: LoginThrottle, attempt: LoginAttempt, outcome: 'failed' | 'succeeded'): void {
  const admission = instance.admit(attempt);
  if (!admission.admitted) throw new Error(`not admitted: ${admission.reason}`);
  admission.login.finish(outcome);
}

describe('LoginThrottle', () => {
  it('allows failures up to the account limit, then refuses until the oldest leaves the window', () => {
    const { instance, clock } = throttle();
    const attempt = { username: 'nina', address: '10.0.0.1' };
    for (let failure = 0; failure < 3; failure += 1) {
      attemptLogin(instance, attempt, 'failed');
      clock.now += 10_000;
    }
    // Failures at t=0, 10 s and 20 s; now t=30 s: the first leaves the window at t=60 s.
    expect(instance.admit(attempt)).toEqual({ admitted: false, reason: 'throttled', retryAfterSeconds: 30 });
    clock.now += 29_000;
    expect(instance.admit(attempt)).toEqual({ admitted: false, reason: 'throttled', retryAfterSeconds: 1 });
    clock.now += 1_000;
    expect(instance.admit(attempt).admitted).toBe(true);
  });

  it('counts logins in flight against the limit, and frees them when they finish', () => {
    const { instance } = throttle();
    const attempt = { username: 'nina', address: '10.0.0.9' };
    const inFlight = [instance.admit(attempt), instance.admit(attempt), instance.admit(attempt)];
    expect(inFlight.every((admission) => admission.admitted)).toBe(true);
    expect(instance.admit(attempt)).toEqual({ admitted: false, reason: 'throttled', retryAfterSeconds: 1 });
    // One of them succeeds: the account's failures are cleared and its slot is free.
    const [first, second, third] = inFlight;
    if (first?.admitted) first.login.finish('succeeded');
    expect(instance.admit(attempt).admitted).toBe(true);
    // Finishing twice counts once.
    if (second?.admitted) {
      second.login.finish('failed');
      second.login.finish('failed');
    }
    if (third?.admitted) third.login.finish();
  });

  it('bounds the logins in flight across all accounts and addresses', () => {
    const { instance } = throttle({ maxConcurrentChecks: 2 });
    const first = instance.admit({ username: 'a', address: '10.0.0.1' });
    instance.admit({ username: 'b', address: '10.0.0.2' });
    expect(instance.admit({ username: 'c', address: '10.0.0.3' })).toEqual({ admitted: false, reason: 'busy', retryAfterSeconds: 1 });
    if (first.admitted) first.login.finish();
    expect(instance.admit({ username: 'c', address: '10.0.0.3' }).admitted).toBe(true);
  });

  it('counts an address across accounts', () => {
    const { instance } = throttle();
    for (let failure = 0; failure < 5; failure += 1) attemptLogin(instance, { username: `user${failure}`, address: '10.0.0.2' }, 'failed');
    expect(instance.admit({ username: 'someone-new', address: '10.0.0.2' }).admitted).toBe(false);
    expect(instance.admit({ username: 'someone-new', address: '10.0.0.3' }).admitted).toBe(true);
  });

  it('clears the account, not the address, on success', () => {
    const { instance } = throttle();
    const attempt = { username: 'nina', address: '10.0.0.4' };
    for (let failure = 0; failure < 2; failure += 1) attemptLogin(instance, attempt, 'failed');
    attemptLogin(instance, attempt, 'succeeded');
    attemptLogin(instance, attempt, 'failed');
    attemptLogin(instance, attempt, 'failed');
    // The account has 2 failures since its success; the address has all 4.
    const admission = instance.admit(attempt);
    expect(admission.admitted).toBe(true);
    if (admission.admitted) admission.login.finish();
    attemptLogin(instance, { username: 'other', address: '10.0.0.4' }, 'failed');
    expect(instance.admit({ username: 'third', address: '10.0.0.4' }).admitted).toBe(false);
  });

  it('remembers a bounded number of keys', () => {
    const { instance } = throttle({ maxKeys: 10 });
    for (let index = 0; index < 100; index += 1) attemptLogin(instance, { username: `user${index}`, address: `10.1.0.${index}` }, 'failed');
    // The most recent keys are kept; the oldest were dropped.
    expect(instance.admit({ username: 'user0', address: 'x' }).admitted).toBe(true);
    for (let failure = 0; failure < 2; failure += 1) attemptLogin(instance, { username: 'user99', address: 'y' }, 'failed');
    expect(instance.admit({ username: 'user99', address: 'z' }).admitted).toBe(false);
  });
});
