import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SESSION_MAX_MS } from '#contract/session-expires';
import { clearLoggedIn, currentLogin, isLoggedIn, LOGIN_FLAG_KEY, setLoggedIn, useIsLoggedIn } from './login-flag.ts';

function FlagProbe() {
  return <p>{useIsLoggedIn() ? 'in' : 'out'}</p>;
}

describe('login flag (isLoggedIn = "true" in local storage)', () => {
  it('is stored under isLoggedIn with the value "true" and removed on clear', () => {
    expect(LOGIN_FLAG_KEY).toBe('isLoggedIn');
    setLoggedIn('admin');
    expect(window.localStorage.getItem('isLoggedIn')).toBe('true');
    expect(isLoggedIn()).toBe(true);
    clearLoggedIn();
    expect(window.localStorage.getItem('isLoggedIn')).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('keeps who logged in and when the session ends: the login’s Session-Expires, else the default length', () => {
    const inTwoHours = new Date(Date.now() + 2 * 60 * 60 * 1000).toUTCString();
    setLoggedIn('maria', inTwoHours);
    expect(currentLogin()).toMatchObject({ account: 'maria', endsAt: Date.parse(inTwoHours) });

    for (const header of [null, 'soon', new Date(Date.now() - 60_000).toUTCString()]) {
      setLoggedIn('maria', header);
      const login = currentLogin();
      expect(login?.endsAt).toBe((login?.at ?? 0) + DEFAULT_SESSION_MAX_MS);
    }

    // A login stored by an earlier version, without the end.
    window.localStorage.setItem('salonLogin', JSON.stringify({ account: 'sam', at: 1000 }));
    expect(currentLogin()).toEqual({ account: 'sam', at: 1000, endsAt: 1000 + DEFAULT_SESSION_MAX_MS });
  });

  it('counts only the exact value "true"', () => {
    window.localStorage.setItem('isLoggedIn', 'yes');
    expect(isLoggedIn()).toBe(false);
  });

  it('re-renders on changes here and from another tab', () => {
    render(<FlagProbe />);
    expect(screen.getByText('out')).toBeInTheDocument();
    act(() => setLoggedIn('admin'));
    expect(screen.getByText('in')).toBeInTheDocument();

    act(() => {
      window.localStorage.removeItem('isLoggedIn');
      window.dispatchEvent(new StorageEvent('storage', { key: 'isLoggedIn' }));
    });
    expect(screen.getByText('out')).toBeInTheDocument();
  });
});
