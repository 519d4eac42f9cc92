/** /staff, the outbox's state (issue 41): "Emails waiting: {n}" for owners when any email waits, nothing otherwise. */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { server } from '#mocks/node.ts';
import { setLoggedIn } from '../lib/login-flag.ts';
import { recordRequests } from '../testing/request-log.ts';
import { renderApp } from '../testing/render-app.tsx';

describe('/staff: the emails waiting', () => {
  it('tells an owner how many emails wait to be sent', async () => {
    server.use(http.get('*/api/outbox', () => HttpResponse.json({ waiting: 3 })));
    await renderApp('/staff', { loggedIn: true });
    expect(await screen.findByText('Emails waiting: 3', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('says nothing when the outbox is empty, as the mock’s is', async () => {
    const { queryClient } = await renderApp('/staff', { loggedIn: true });
    await waitFor(() => expect(queryClient.getQueryData(['outbox'])).toEqual({ waiting: 0 }));
    expect(await screen.findByRole('row', { name: /^admin\b/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/^Emails waiting/)).not.toBeInTheDocument();
  });

  it('is not asked for on a staff member’s visit (owners only)', async () => {
    setLoggedIn('sam');
    mockDb.startSession('sam');
    const requests = recordRequests();
    await renderApp('/staff');
    expect(await screen.findByText('Only an owner can see this page.')).toBeInTheDocument();
    expect(requests).not.toContain('GET /api/outbox');
  });
});
