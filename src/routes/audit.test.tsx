/** /audit, the audit trail (issue 28): an owner's table of who used which access, its filters, pages and CSV. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockDb, type MockAuditRecord } from '#mocks/db.ts';
import { goOffline } from '../testing/offline.ts';
import { renderApp } from '../testing/render-app.tsx';
import { setLoggedIn } from '../lib/login-flag.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0 Safari/537.36';

async function record(...records: MockAuditRecord[]) {
  for (const entry of records) await mockDb.recordAudit({ userAgent: BROWSER, ...entry });
}

const rows = () => screen.getAllByRole('row').slice(1);
const whatColumn = () => rows().map((row) => within(row).getAllByRole('cell')[1]?.textContent);

/** The files the page hands to the browser: name and text. */
function capturedDownloads() {
  const files: { name: string; blob: Blob | undefined }[] = [];
  let last: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    last = blob as Blob;
    return 'blob:audit';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: last });
  });
  return files;
}

describe('/audit', () => {
  it('shows an owner who did what, newest first: when, what, who, on what, detail, IP, browser', async () => {
    await record(
      { kind: 'sign-in', actor: 'admin' },
      { kind: 'clients-exported', actor: 'admin', detail: '12' },
      { kind: 'client-erased', actor: 'admin', subject: 'mock-000007' },
    );
    await renderApp('/audit', { loggedIn: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit trail' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'Erase permanently' });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'When',
      'What',
      'Who',
      'On what',
      'Detail',
      'IP',
      'Browser',
    ]);
    // renderApp's own login is not through the mock's handler: these three are all there is.
    expect(whatColumn()).toEqual(['Erase permanently', 'Export CSV', 'Signed in']);
    const exported = within(rows()[1]!).getAllByRole('cell');
    expect(exported[0]).toHaveTextContent(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(exported.slice(2).map((cell) => cell.textContent)).toEqual(['admin', '', '12 clients', '', BROWSER]);
    expect(within(rows()[0]!).getAllByRole('cell')[3]).toHaveTextContent('mock-000007');
    expect(screen.getByRole('status')).toHaveTextContent('3 entries shown, the oldest included');
  });

  it('filters by kind as it is chosen, and by account (who did it or had it done to it), in the address too', async () => {
    await record(
      { kind: 'sign-in', actor: 'sam' },
      { kind: 'sign-in-failed', actor: 'mallory' },
      { kind: 'client-exported', actor: 'admin', subject: 'mock-000003' },
      { kind: 'sign-in', actor: 'admin' },
    );
    const { user, router } = await renderApp('/audit', { loggedIn: true });
    await screen.findByRole('cell', { name: 'mallory' });

    await user.selectOptions(screen.getByLabelText('Kind'), 'Signed in');
    await waitFor(() => expect(whatColumn()).toEqual(['Signed in', 'Signed in']));
    expect(router.state.location.search).toEqual({ kind: 'sign-in' });

    await user.type(screen.getByLabelText('Account'), 'sam{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getAllByRole('cell')[2]).toHaveTextContent('sam');
    expect(router.state.location.search).toEqual({ account: 'sam', kind: 'sign-in' });

    await user.selectOptions(screen.getByLabelText('Kind'), 'All kinds');
    await user.clear(screen.getByLabelText('Account'));
    await user.type(screen.getByLabelText('Account'), 'mock-000003');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(whatColumn()).toEqual(['Export data']));

    await user.selectOptions(screen.getByLabelText('Kind'), 'Erase permanently');
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
  });

  it('opens with the filters of its address', async () => {
    await record({ kind: 'sign-in', actor: 'sam' }, { kind: 'sign-out', actor: 'sam' }, { kind: 'sign-in', actor: 'admin' });
    await renderApp('/audit?account=sam&kind=sign-out', { loggedIn: true });
    await waitFor(() => expect(whatColumn()).toEqual(['Signed out']));
    expect(screen.getByLabelText('Account')).toHaveValue('sam');
    expect(screen.getByLabelText('Kind')).toHaveValue('sign-out');
  });

  it('shows 100 entries, and older ones on asking, to the first', async () => {
    for (let i = 1; i <= 130; i += 1) await record({ kind: 'clients-exported', actor: 'admin', detail: String(i) });
    const { user } = await renderApp('/audit', { loggedIn: true });
    await screen.findByRole('cell', { name: '130 clients' });
    expect(rows()).toHaveLength(100);
    expect(screen.getByRole('status')).toHaveTextContent('100 entries shown');

    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    await screen.findByRole('cell', { name: '1 client' });
    expect(rows()).toHaveLength(130);
    expect(screen.getByRole('status')).toHaveTextContent('130 entries shown, the oldest included');
    expect(screen.queryByRole('button', { name: 'Show older entries' })).not.toBeInTheDocument();
  });

  it('"Export CSV" saves every entry the filters match, not only those shown, as audit-trail-YYYY-MM-DD.csv', async () => {
    for (let i = 1; i <= 120; i += 1) await record({ kind: 'clients-exported', actor: 'admin', detail: String(i) });
    await record({ kind: 'sign-in', actor: 'sam' });
    const files = capturedDownloads();
    const { user } = await renderApp('/audit?kind=clients-exported', { loggedIn: true });
    await screen.findByRole('cell', { name: '120 clients' });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.name).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await files[0]!.blob!.text()).split('\r\n');
    // (text() hides the byte-order mark: lib/csv.test.ts checks it.)
    expect(lines[0]).toBe('When (UTC),What,Who,On what,Detail,IP,Browser');
    expect(lines).toHaveLength(1 + 120 + 1);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z,Export CSV,admin,,120 clients,,Mozilla/);
    expect(lines.some((line) => line.includes('Signed in'))).toBe(false);
  });

  it('"Export CSV" offline says it failed at once, and waits among no changes', async () => {
    await record({ kind: 'sign-in', actor: 'admin' });
    const { user, queryClient } = await renderApp('/audit', { loggedIn: true });
    await screen.findByRole('cell', { name: 'Signed in' });
    goOffline();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The audit trail could not be exported: the server cannot be reached. Try again once the connection is back.',
    );
    expect(
      queryClient
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.isPaused),
    ).toEqual([false]);
  });

  it('tells staff who open it by its address that only an owner can see it', async () => {
    await record({ kind: 'sign-in', actor: 'admin' });
    setLoggedIn('sam');
    mockDb.startSession('sam');
    await renderApp('/audit');

    expect(await screen.findByText('Only an owner can see this page.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('sends someone not logged in to the login page', async () => {
    const { router } = await renderApp('/audit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
