// Personas (issue 28): the mock's demo accounts, `admin` (owner) and `sam` (staff), switched as a tester would by
// signing out and in again, so that anyone can see what staff see. From the console (`salonMock.signInAs('sam')`) and
// the panel (mocks/mock-panel.ts). The page reloads afterwards, so the app starts as that account.
import { DEFAULT_SESSION_MAX_MS, sessionExpiresHeader } from '#contract/session-expires';
import type { Me } from '#contract/team';
import { setLoggedIn } from '#src/lib/login-flag.ts';
import { mockDb } from './db.ts';
import { DEMO_ACCOUNTS } from './seed.ts';

/** Who the mock says is logged in, or null when nobody is. */
export function currentPersona(): Me | null {
  return mockDb.hasSession() ? { username: mockDb.sessionUser(), role: mockDb.sessionRole() } : null;
}

/**
 * Logs `username` in as the login form would: the mock's session is theirs, and the app's login flag says so (the
 * flag's one place, src/lib/login-flag.ts). Throws for a name that is not a demo account, naming those that are.
 */
export function signInAs(username: string): Me {
  const account = DEMO_ACCOUNTS.find((demo) => demo.username === username.trim().toLowerCase());
  if (!account) throw new Error(`No mock account ${username}: use ${DEMO_ACCOUNTS.map((demo) => demo.username).join(', ')}`);
  mockDb.startSession(account.username);
  setLoggedIn(account.username, sessionExpiresHeader(Date.now() + DEFAULT_SESSION_MAX_MS));
  return { username: account.username, role: account.role };
}

/** How a persona is named to a tester: "sam (staff)". */
export const describePersona = ({ username, role }: Me) => `${username} (${role})`;
