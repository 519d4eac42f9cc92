import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockDb } from '#mocks/db.ts';
import { App, createApp } from '../app.tsx';
import { setLoggedIn } from '../lib/login-flag.ts';

type RenderAppOptions = {
  /** Stores the login flag and opens a mock session, as after a successful login. */
  loggedIn?: boolean;
  /** Opens the live updates' stream (the mock's), as the browser does; off elsewhere, where it would add requests. */
  liveUpdates?: boolean;
};

/** The whole app at `path`, with its own QueryClient (no retries) and router, on the msw mock backend. */
export async function renderApp(path: string, { loggedIn = false, liveUpdates = false }: RenderAppOptions = {}) {
  if (loggedIn) {
    setLoggedIn('admin');
    mockDb.startSession();
  }
  const app = createApp({ history: createMemoryHistory({ initialEntries: [path] }), retry: false, liveUpdates });
  const user = userEvent.setup();
  const { unmount } = render(<App {...app} />);
  // The first route has resolved once the navigation bar's home link is on screen.
  await screen.findByRole('link', { name: 'HOME' });
  return { user, unmount, ...app };
}
