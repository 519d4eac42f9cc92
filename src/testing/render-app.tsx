import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockDb } from '#mocks/db.ts';
import { DEMO_ACCOUNTS } from '#mocks/seed.ts';
import { App, createApp } from '../app.tsx';
import { primeMe } from '../lib/me.ts';
import { setLoggedIn } from '../lib/login-flag.ts';

type RenderAppOptions = {
  /** Stores the login flag and opens a mock session, as after a successful login. */
  loggedIn?: boolean;
  /** Opens the live updates' stream (the mock's), as the browser does; off elsewhere, where it would add requests. */
  liveUpdates?: boolean;
  /** Who is logged in: the mock's owner `admin` (the default) or its staff member `sam` (issue 28). */
  account?: (typeof DEMO_ACCOUNTS)[number]['username'];
  /**
   * Whether the app knows the role from the start, as after the login (whose 200 says it: the default); false, as
   * after a reload, when it asks GET /api/me.
   */
  roleKnown?: boolean;
};

/** The whole app at `path`, with its own QueryClient (no retries) and router, on the msw mock backend. */
export async function renderApp(
  path: string,
  { loggedIn = false, liveUpdates = false, account = 'admin', roleKnown = true }: RenderAppOptions = {},
) {
  if (loggedIn) {
    setLoggedIn(account);
    mockDb.startSession(account);
  }
  const app = createApp({ history: createMemoryHistory({ initialEntries: [path] }), retry: false, liveUpdates });
  if (loggedIn && roleKnown) {
    const { username, role } = DEMO_ACCOUNTS.find((demo) => demo.username === account) ?? DEMO_ACCOUNTS[0];
    primeMe(app.queryClient, { username, role });
  }
  const user = userEvent.setup();
  const { unmount } = render(<App {...app} />);
  // The first route has resolved once the navigation bar's home link is on screen.
  await screen.findByRole('link', { name: 'HOME' });
  return { user, unmount, ...app };
}
