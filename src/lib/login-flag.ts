// The login flag, `isLoggedIn` = 'true' in localStorage (SPEC.md section 4): every read and write goes through
// here. Only a client-side flag: the server's session cookie is HttpOnly. Beside it, which account logged in and
// when, and when its session ends at the latest (`salonLogin`), so that the offline copy of the cache belongs to one
// login and outlives no session (features/offline).
import { useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_SESSION_MAX_MS, sessionEndFrom } from '#contract/session-expires';

export const LOGIN_FLAG_KEY = 'isLoggedIn';
const LOGGED_IN_VALUE = 'true';
const LOGIN_KEY = 'salonLogin';

/** Who logged in on this browser, when, and when the session ends at the latest (milliseconds since the epoch). */
export type Login = { account: string; at: number; endsAt: number };

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
    if (typeof login?.account !== 'string' || typeof login.at !== 'number') return null;
    // A login stored before the end was kept: the default session length.
    const endsAt = typeof login.endsAt === 'number' ? login.endsAt : login.at + DEFAULT_SESSION_MAX_MS;
    return { account: login.account, at: login.at, endsAt };
  } catch {
    return null;
  }
}

/** The login that set the flag: null when nobody is logged in, or the flag was set some other way. */
export function currentLogin(): Login | null {
  return parseLogin(storedLogin());
}

/** Sets the flag for `account`; `sessionExpires` is the login response's Session-Expires header, if it had one. */
export function setLoggedIn(account: string, sessionExpires: string | null = null): void {
  const at = Date.now();
  const login: Login = { account, at, endsAt: sessionEndFrom(sessionExpires, at) };
  window.localStorage.setItem(LOGIN_KEY, JSON.stringify(login));
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
