import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { server } from '#mocks/node.ts';
import { probeOnDemand } from '../../testing/offline.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { recordJsonBodies, recordRequests } from '../../testing/request-log.ts';

type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function fillIn(user: User, values: Partial<Record<'First name' | 'Last name' | 'Email' | 'Registration date and time', string>>) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}

const complete = {
  'First name': 'Nina',
  'Last name': 'Petrova',
  Email: 'nina.petrova@example.com',
  'Registration date and time': '2024-05-01T10:30',
};

describe('/clients/register', () => {
  it('has the form with its four fields, the datetime-local and email types, and Register', async () => {
    await renderApp('/clients/register');
    expect(screen.getByRole('heading', { name: 'Register a new client' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Registration date and time')).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
  });

  it('does not check the login flag', async () => {
    const { router } = await renderApp('/clients/register');
    expect(router.state.location.pathname).toBe('/clients/register');
    expect(window.localStorage.getItem('isLoggedIn')).toBeNull();
  });

  it.each(Object.keys(complete))('with %s empty alerts "Please fill in all fields" and sends nothing', async (emptyField) => {
    const requests = recordRequests();
    const { user } = await renderApp('/clients/register', { loggedIn: true });
    await fillIn(user, { ...complete, [emptyField]: '' });

    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(window.alert).toHaveBeenCalledWith('Please fill in all fields');
    expect(requests).toEqual([]);
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
  });

  it('treats a field of spaces as empty', async () => {
    const requests = recordRequests();
    const { user } = await renderApp('/clients/register', { loggedIn: true });
    await fillIn(user, { ...complete, 'Last name': '   ' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(window.alert).toHaveBeenCalledWith('Please fill in all fields');
    expect(requests).toEqual([]);
  });

  it('sends the four fields with the datetime-local value, then shows the success message and the list link', async () => {
    const bodies = recordJsonBodies('POST');
    const { user, router } = await renderApp('/clients/register', { loggedIn: true });
    await fillIn(user, complete);

    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Client registered successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(bodies).toEqual([
      {
        firstName: 'Nina',
        lastName: 'Petrova',
        email: 'nina.petrova@example.com',
        registrationDateTime: '2024-05-01T10:30',
      },
    ]);
    expect((await mockDb.listClients()).some((client) => client.email === 'nina.petrova@example.com')).toBe(true);

    await user.click(screen.getByRole('link', { name: 'View clients list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(await screen.findByRole('cell', { name: 'Nina' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2024-05-01 10:30' })).toBeInTheDocument();
  });

  it("the browser's email check stops an address without @: nothing is sent", async () => {
    const requests = recordRequests();
    const { user } = await renderApp('/clients/register', { loggedIn: true });
    await fillIn(user, { ...complete, Email: 'not-an-email' });

    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(screen.getByLabelText('Email')).toBeInvalid();
    expect(requests).toEqual([]);
    expect(screen.queryByText('Client registered successfully!')).not.toBeInTheDocument();
  });

  it('an address the browser lets through but the contract refuses (too long) is named next to the field', async () => {
    const message = 'Email must be at most 200 characters';
    const requests = recordRequests();
    const { user } = await renderApp('/clients/register', { loggedIn: true });
    // The browser and the contract judge the form of an address alike; only the contract bounds its length.
    await fillIn(user, { ...complete, Email: `${'n'.repeat(189)}@example.com` });

    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(message);
    expect(requests).toEqual([]);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it("a name with a text-direction override is refused next to the field with the contract's message", async () => {
    const message = 'First name must not contain control characters or text-direction overrides';
    const requests = recordRequests();
    const { user } = await renderApp('/clients/register', { loggedIn: true });
    await fillIn(user, { ...complete, 'First name': 'Nina \u202Egnp.exe' });

    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(message);
    expect(requests).toEqual([]);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('a failed save only logs the message to the console and keeps what was typed', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('*/api/clients', () => HttpResponse.json({ message: 'Email must be a valid email address' }, { status: 400 })));
    const { user } = await renderApp('/clients/register', { loggedIn: true });
    await fillIn(user, complete);

    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Email must be a valid email address'));
    expect(screen.queryByText('Client registered successfully!')).not.toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Nina');
    expect(window.alert).not.toHaveBeenCalled();
  });

  /** The Idempotency-Key of each POST /api/clients this test sends. */
  function recordKeys(): Array<string | null> {
    const keys: Array<string | null> = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.method === 'POST') keys.push(request.headers.get('Idempotency-Key'));
    };
    server.events.on('request:start', listener);
    onTestFinished(() => server.events.removeListener('request:start', listener));
    return keys;
  }

  it('sends an Idempotency-Key: the same one when Register is pressed again after a failure, a new one for changed values', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const keys = recordKeys();
    server.use(http.post('*/api/clients', () => HttpResponse.json({ message: 'Try again' }, { status: 503 }), { once: true }));
    server.use(http.post('*/api/clients', () => HttpResponse.json({ message: 'Try again' }, { status: 503 }), { once: true }));
    const { user } = await renderApp('/clients/register', { loggedIn: true });
    await fillIn(user, complete);

    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalledTimes(2));
    await user.type(screen.getByLabelText('First name'), 'a');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Client registered successfully!')).toBeInTheDocument();
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^"[0-9a-f]{32}"$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^"[0-9a-f]{32}"$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a registration whose request gets no answer waits on this device and is sent again, with its key, when the server answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const nextProbe = probeOnDemand();
    const keys = recordKeys();
    // The answer is lost on the way (the registration may have been made or not).
    server.use(http.post('*/api/clients', () => HttpResponse.error(), { once: true }));
    const { user } = await renderApp('/clients/register', { loggedIn: true });
    await fillIn(user, complete);

    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Saved on this device. It will be sent when the connection returns.')).toBeInTheDocument();
    expect(onlineManager.isOnline()).toBe(false);
    // The probe (lib/reachability.ts, every 3 s) gets an answer: the registration is sent again, once.
    await nextProbe();
    expect(await screen.findByText('Client registered successfully!')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('disables Register while the request is in flight', async () => {
    let release!: () => void;
    server.use(
      http.post('*/api/clients', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return new HttpResponse(null, { status: 201 });
      }),
    );
    const { user } = await renderApp('/clients/register', { loggedIn: true });
    await fillIn(user, complete);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled());
    release();
    expect(await screen.findByText('Client registered successfully!')).toBeInTheDocument();
  });

  it('without a session the server refuses (401): the flag is cleared and the user goes to /login', async () => {
    window.localStorage.setItem('isLoggedIn', 'true');
    // The nav bar's role (GET /api/me) would meet the 401 first: here only the registration is refused.
    server.use(http.get('*/api/me', () => HttpResponse.json({ username: 'admin', role: 'owner' })));
    const { user, router } = await renderApp('/clients/register');
    await fillIn(user, complete);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('isLoggedIn')).toBeNull();
  });
});

describe('register: query cache', () => {
  it('a new client invalidates the cached list: the list is fetched again when shown', async () => {
    const requests = recordRequests();
    const { user, queryClient } = await renderApp('/clients', { loggedIn: true });
    await screen.findByRole('cell', { name: 'Amelia' });

    await user.click(screen.getByRole('link', { name: 'Register a new client' }));
    await screen.findByRole('heading', { name: 'Register a new client' });
    await fillIn(user, complete);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Client registered successfully!');
    expect(queryClient.getQueryState(['clients', 'list'])?.isInvalidated).toBe(true);

    await user.click(screen.getByRole('link', { name: 'View clients list' }));
    expect(await screen.findByRole('cell', { name: 'Nina' })).toBeInTheDocument();
    expect(requests).toEqual(['GET /api/clients', 'POST /api/clients', 'GET /api/clients']);
  });
});
