/**
 * Roles in the SPA (issue 28): an owner has "Export CSV", "Export data" and "Erase permanently"; staff, and anyone
 * while the role is not known yet, do not. The server decides (a 403), the SPA follows: its message where the action
 * was, and GET /api/me asked again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { colleague } from '#mocks/colleague.ts';
import { mockDb } from '#mocks/db.ts';
import { server } from '#mocks/node.ts';
import { startScenario } from '#mocks/scenarios.ts';
import { ownerOnly } from '#contract/team';
import { renderApp } from '../../testing/render-app.tsx';
import { recordRequests } from '../../testing/request-log.ts';
import { nina, omar } from '../../testing/sample-clients.ts';

const OWNER_CONTROLS = ['Export CSV', 'Export data', 'Erase permanently'] as const;

/** The owner-only buttons on screen, by name. */
const ownerControlsShown = () => OWNER_CONTROLS.filter((name) => screen.queryByRole('button', { name }) !== null);

/** The three pages that have them, in turn: the list, a client's page, Recently deleted. */
async function ownerControlsOnEachPage(account: 'admin' | 'sam'): Promise<Record<string, string[]>> {
  await mockDb.setClients([nina, omar]);
  await colleague.delete('c-omar');
  const { user, unmount } = await renderApp('/clients', { loggedIn: true, account });
  const seen: Record<string, string[]> = {};
  await screen.findByRole('row', { name: /Nina Petrova/ });
  seen.list = ownerControlsShown();

  await user.click(within(screen.getByRole('row', { name: /Nina Petrova/ })).getByRole('button', { name: 'Edit' }));
  await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Nina'));
  await screen.findByRole('region', { name: 'History' });
  seen.client = ownerControlsShown();

  await user.click(screen.getByRole('link', { name: 'Clients' }));
  await user.click(await screen.findByRole('link', { name: 'Recently deleted' }));
  await screen.findByRole('button', { name: 'Restore' });
  seen.deleted = ownerControlsShown();
  unmount();
  return seen;
}

/** What the app hands the browser as downloads: each file's name and text. */
function catchDownloads() {
  const files: { name: string; text: Promise<string> }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push({ name: '', text: (blob as Blob).text() });
    return 'blob:download';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const file = files.at(-1);
    if (file) file.name = this.download;
  });
  return files;
}

describe('the owner’s controls', () => {
  it('an owner sees Export CSV, Export data and Erase permanently', async () => {
    expect(await ownerControlsOnEachPage('admin')).toEqual({
      list: ['Export CSV'],
      client: ['Export data', 'Erase permanently'],
      deleted: ['Erase permanently'],
    });
  });

  it('staff see none of them, and keep everything else', async () => {
    expect(await ownerControlsOnEachPage('sam')).toEqual({ list: [], client: [], deleted: [] });
  });

  it('while the role is not known yet, none show; then an owner’s do', async () => {
    await mockDb.setClients([nina]);
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/me', async () => {
        await answered;
        return HttpResponse.json({ username: 'admin', role: 'owner' });
      }),
    );
    await renderApp('/clients', { loggedIn: true, roleKnown: false });
    await screen.findByRole('row', { name: /Nina Petrova/ });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();

    answer();
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('after a reload, GET /api/me says the role: staff see no Export CSV', async () => {
    await mockDb.setClients([nina]);
    const requests = recordRequests();
    await renderApp('/clients', { loggedIn: true, account: 'sam', roleKnown: false });
    await screen.findByRole('row', { name: /Nina Petrova/ });
    await waitFor(() => expect(requests).toContain('GET /api/me'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 client'));
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('a failed GET /api/me shows none of them', async () => {
    await mockDb.setClients([nina]);
    server.use(http.get('*/api/me', () => HttpResponse.json({ message: 'Internal server error' }, { status: 500 })));
    const requests = recordRequests();
    await renderApp('/clients', { loggedIn: true, roleKnown: false });
    await screen.findByRole('row', { name: /Nina Petrova/ });
    await waitFor(() => expect(requests).toContain('GET /api/me'));
    await delay(50);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('a 403 from GET /api/me itself hides them, and is not asked again and again', async () => {
    await mockDb.setClients([nina]);
    server.use(http.get('*/api/me', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })));
    const requests = recordRequests();
    await renderApp('/clients', { loggedIn: true, roleKnown: false });
    await screen.findByRole('row', { name: /Nina Petrova/ });
    await waitFor(() => expect(requests).toContain('GET /api/me'));
    await delay(100);
    expect(requests.filter((request) => request === 'GET /api/me')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});

describe('logging in', () => {
  it('takes the role from the login’s answer: staff see no Export CSV, and /api/me is not asked', async () => {
    await mockDb.setClients([nina]);
    const requests = recordRequests();
    const { user, router } = await renderApp('/login');
    await user.type(screen.getByLabelText('Username'), 'sam');
    await user.type(screen.getByLabelText('Password'), 'sam');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    await screen.findByRole('row', { name: /Nina Petrova/ });

    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(requests).not.toContain('GET /api/me');
  });

  it('as an owner, has Export CSV at once', async () => {
    await mockDb.setClients([nina]);
    const { user } = await renderApp('/login');
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('row', { name: /Nina Petrova/ });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });
});

describe('Export CSV', () => {
  it('builds the file from GET /api/clients-export: what the server holds now, in the view on screen', async () => {
    await mockDb.setClients([nina, omar]);
    const files = catchDownloads();
    const requests = recordRequests();
    const { user } = await renderApp('/clients?sort=firstName&dir=desc', { loggedIn: true });
    await screen.findByRole('row', { name: /Nina Petrova/ });
    // Registered since the list was loaded (no live updates here): only the export's request can know her.
    await colleague.create({ firstName: 'Zoe', lastName: 'Quinn', email: 'zoe@example.com', registrationDateTime: '2024-06-01T09:00' });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(files).toHaveLength(1));
    expect(requests).toContain('GET /api/clients-export');
    expect(files[0]?.name).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await files[0]?.text)?.split('\r\n').map((line) => line.split(',').slice(0, 2).join(' '));
    expect(lines).toEqual(['First Name Last Name', 'Zoe Quinn', 'Omar Haddad', 'Nina Petrova', '']);
  });

  it('offline, says the list could not be exported, and makes no file', async () => {
    await mockDb.setClients([nina]);
    const files = catchDownloads();
    const { user } = await renderApp('/clients', { loggedIn: true });
    await screen.findByRole('row', { name: /Nina Petrova/ });
    startScenario('offline');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The client list could not be exported: the server cannot be reached. Try again once the connection is back.',
    );
    expect(files).toHaveLength(0);
  });
});

describe('a 403', () => {
  /** An owner's page, while the server has made the account staff meanwhile (the mock's session is now sam's). */
  async function ownerPageWhileMadeStaff(path: string) {
    const { user } = await renderApp(path, { loggedIn: true });
    const requests = recordRequests();
    mockDb.startSession('sam');
    return { user, requests };
  }

  it('on Export CSV shows the server’s message, asks for the role again, and the button goes', async () => {
    await mockDb.setClients([nina, omar]);
    const files = catchDownloads();
    const { user, requests } = await ownerPageWhileMadeStaff('/clients');
    await screen.findByRole('row', { name: /Nina Petrova/ });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(ownerOnly.exportClients);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument());
    expect(requests).toEqual(['GET /api/clients-export', 'GET /api/me']);
    expect(screen.getByRole('alert')).toHaveTextContent('Only an owner can export clients.');
    expect(files).toHaveLength(0);
  });

  it('on Export data shows the server’s message where the button was', async () => {
    await mockDb.setClients([nina, omar]);
    const { user } = await ownerPageWhileMadeStaff('/clients/edit/c-nina');
    await user.click(await screen.findByRole('button', { name: 'Export data' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(ownerOnly.exportClient);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Export data' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Erase permanently' })).not.toBeInTheDocument();
  });

  it('on Erase permanently shows the server’s message, and the client stays', async () => {
    await mockDb.setClients([nina, omar]);
    await colleague.delete('c-omar');
    const { user } = await ownerPageWhileMadeStaff('/clients/deleted');
    const row = await screen.findByRole('row', { name: /Omar Haddad/ });
    await user.click(within(row).getByRole('button', { name: 'Erase permanently' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Erase' }));

    expect(await within(row).findByRole('alert')).toHaveTextContent('Only an owner can erase a client.');
    await waitFor(() => expect(within(row).queryByRole('button', { name: 'Erase permanently' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await mockDb.findStored('c-omar')).toBeDefined();
  });
});
