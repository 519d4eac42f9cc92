// The login flag, `isLoggedIn` = 'true' in localStorage (SPEC.md section 4): every read and write goes through
// here. Only a client-side flag: the server's session cookie is HttpOnly.
import { useSyncExternalStore } from 'react';

export const LOGIN_FLAG_KEY = 'isLoggedIn';
const LOGGED_IN_VALUE = 'true';

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

export function setLoggedIn(): void {
  window.localStorage.setItem(LOGIN_FLAG_KEY, LOGGED_IN_VALUE);
  notify();
}

export function clearLoggedIn(): void {
  window.localStorage.removeItem(LOGIN_FLAG_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab logging in or out changes the flag too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOGIN_FLAG_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The flag as React state: re-renders on login, Sign Out and changes from other tabs. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, isLoggedIn, () => false);
}
