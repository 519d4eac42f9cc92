/** Calls to the real server's API from the test runner, outside any browser. */
import { expect, type APIRequestContext } from '@playwright/test';
import type { Account } from './accounts.ts';

type RequestFactory = { newContext(options: { baseURL: string }): Promise<APIRequestContext> };

/**
 * Deletes every client through the API (the server keeps a cache of the list, so its
 * database is not edited behind its back). The `real` project's tests share one database
 * per worker; emptying it before each test gives each the same start, as the mock's fresh
 * seed does, and keeps the virtualised list short enough to have every row in the DOM.
 */
export async function deleteAllClients(request: RequestFactory, baseURL: string, account: Account): Promise<void> {
  const api = await request.newContext({ baseURL });
  try {
    const login = await api.post('/login', { data: account });
    expect(login.status(), 'POST /login').toBe(200);
    const list = await api.get('/api/clients');
    expect(list.status(), 'GET /api/clients').toBe(200);
    const clients = (await list.json()) as Array<{ _id: string }>;
    for (const { _id } of clients) {
      const deleted = await api.delete(`/api/clients/${encodeURIComponent(_id)}`);
      expect(deleted.status(), `DELETE /api/clients/${_id}`).toBe(204);
    }
    await api.post('/logout');
  } finally {
    await api.dispose();
  }
}
