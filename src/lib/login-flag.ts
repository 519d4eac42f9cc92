// The login flag, `isLoggedIn` = 'true' in localStorage (SPEC.md section 4): every read and write goes through
// here. Only a client-side flag: the server's session cookie is HttpOnly. Beside it, which account logged in and
// when (`salonLogin`), so that the offline copy of the cache belongs to one login (features/offline).
import { useMemo, useSyncExternalStore } from 'react';

export const LOGIN_FLAG_KEY = 'isLoggedIn';
const LOGGED_IN_VALUE = 'true';
const LOGIN_KEY = 'salonLogin';

/** The longest a session lasts from its login: the server's SESSION_MAX_HOURS, 12 by default (docs/operations.md). */
export const LONGEST_SESSION_MS = 12 * 60 * 60 * 1000;

/** Who logged in on this browser, and when (milliseconds since the epoch). */
export type Login = { account: string; at: number };

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function isLoggedIn(): boolean {
  try {
    return window.localStorage.getItem(LOGIN_FLAG_KEY) === LOGGED_IN_VALUE;
  } catch {
    // Storage can be disabled (private modes, strict settings): then nobody is logged in.
    return false;
  }
}

function storedLogin(): string | null {
  try {
    return isLoggedIn() ? window.localStorage.getItem(LOGIN_KEY) : null;
  } catch {
    return null;
  }
}

function parseLogin(stored: string | null): Login | null {
  try {
    const login = JSON.parse(stored ?? 'null') as Partial<Login> | null;
    return typeof login?.account === 'string' && typeof login.at === 'number' ? { account: login.account, at: login.at } : null;
  } catch {
    return null;
  }
}

/** The login that set the flag: null when nobody is logged in, or the flag was set some other way. */
export function currentLogin(): Login | null {
  return parseLogin(storedLogin());
}

export function setLoggedIn(account: string): void {
  window.localStorage.setItem(LOGIN_KEY, JSON.stringify({ account, at: Date.now() } satisfies Login));
  window.localStorage.setItem(LOGIN_FLAG_KEY, LOGGED_IN_VALUE);
  notify();
}

export function clearLoggedIn(): void {
  window.localStorage.removeItem(LOGIN_FLAG_KEY);
  window.localStorage.removeItem(LOGIN_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab logging in or out changes the flag too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOGIN_FLAG_KEY || event.key === LOGIN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** currentLogin() as React state: a new login (another account, or the same one again) is a new value. */
export function useCurrentLogin(): Login | null {
  const stored = useSyncExternalStore(subscribe, storedLogin, () => null);
  return useMemo(() => parseLogin(stored), [stored]);
}

/** The flag as React state: re-renders on login, Sign Out and changes from other tabs. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, isLoggedIn, () => false);
}
