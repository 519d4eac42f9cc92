/** Calls to the real server's API from the test runner, outside any browser. */
import { expect, type APIRequestContext } from '@playwright/test';
import type { Account } from './accounts.ts';

type RequestFactory = { newContext(options: { baseURL: string }): Promise<APIRequestContext> };

/**
 * Erases every client, live or recently deleted, through the API (the server keeps a cache of
 * the list, so its database is not edited behind its back). The `real` project's tests share
 * one database per worker; emptying it before each test gives each the same start, as the
 * mock's fresh seed does, and keeps the virtualised list short enough to have every row in the DOM.
 */
export async function eraseAllClients(request: RequestFactory, baseURL: string, account: Account): Promise<void> {
  const api = await request.newContext({ baseURL });
  try {
    const login = await api.post('/login', { data: account });
    expect(login.status(), 'POST /login').toBe(200);
    const list = await api.get('/api/clients');
    expect(list.status(), 'GET /api/clients').toBe(200);
    const deleted = await api.get('/api/deleted-clients');
    expect(deleted.status(), 'GET /api/deleted-clients').toBe(200);
    const clients = [...(await list.json()), ...(await deleted.json())] as Array<{ _id: string }>;
    for (const { _id } of clients) {
      const erased = await api.post(`/api/clients/${encodeURIComponent(_id)}/erase`);
      expect(erased.status(), `POST /api/clients/${_id}/erase`).toBe(204);
    }
    await api.post('/logout');
  } finally {
    await api.dispose();
  }
}
