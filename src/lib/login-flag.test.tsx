import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearLoggedIn, isLoggedIn, LOGIN_FLAG_KEY, setLoggedIn, useIsLoggedIn } from './login-flag.ts';

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
