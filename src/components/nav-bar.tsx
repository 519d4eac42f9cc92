import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import './nav-bar.css';

type NavBarProps = {
  loggedIn: boolean;
  /** Absent while Sign Out's flow loads (a moment after login): the button is in place but disabled, so nothing moves. */
  onSignOut?: () => void;
  signingOut?: boolean;
  /** The logged-in bar's own links (Calendar, My account, and Staff for owners): they come with its chunk. */
  links?: ReactNode;
};

/** The navigation bar, on every screen. */
export function NavBar({ loggedIn, onSignOut, signingOut = false, links }: NavBarProps) {
  return (
    <header className="nav-bar">
      <nav className="nav-bar__inner" aria-label="Main">
        <Link to="/" className="nav-bar__home">
          HOME
        </Link>
        <span className="nav-bar__brand">YOUR BEAUTY SALON</span>
        <div className="nav-bar__actions">
          {loggedIn ? (
            <>
              <Link to="/clients" className="nav-bar__link">
                Clients
              </Link>
              {links}
              <button type="button" className="button button--ghost" onClick={onSignOut} disabled={signingOut || !onSignOut}>
                Sign Out
              </button>
            </>
          ) : (
            <Link to="/login" className="nav-bar__link">
              Login
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
