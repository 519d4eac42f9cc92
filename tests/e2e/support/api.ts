/** Calls to the real server's API from the test runner, outside any browser. */
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { Account } from './accounts.ts';

type RequestFactory = { newContext(options: { baseURL: string }): Promise<APIRequestContext> };

/**
 * The API as a member of staff, logged in once per worker: a login costs a deliberately slow password hash.
 * When a test has ended the session (a sign-out everywhere, a restart), the next call logs in again.
 */
export class StaffApi {
  readonly #api: APIRequestContext;
  readonly #account: Account;

  private constructor(api: APIRequestContext, account: Account) {
    this.#api = api;
    this.#account = account;
  }

  static async open(request: RequestFactory, baseURL: string, account: Account): Promise<StaffApi> {
    return new StaffApi(await request.newContext({ baseURL }), account);
  }

  async #logIn(): Promise<void> {
    const login = await this.#api.post('/login', { data: this.#account });
    expect(login.status(), 'POST /login').toBe(200);
  }

  /**
   * `method path`, logging in first when the session has ended. A kept-alive connection that the server closed as idle
   * (its keep-alive time-out, 5 s) just as the next request went out fails with ECONNRESET before the server read it:
   * that request is sent once more, on a new connection (a local run met it once between two tests).
   */
  async #call(method: 'GET' | 'POST', path: string, data?: unknown): Promise<APIResponse> {
    const options = data === undefined ? { method } : { method, data };
    const send = () =>
      this.#api.fetch(path, options).catch((error: unknown) => {
        if (!String(error).includes('ECONNRESET')) throw error;
        return this.#api.fetch(path, options);
      });
    const response = await send();
    if (response.status() !== 401) return response;
    await this.#logIn();
    return send();
  }

  /**
   * Erases every client, live or recently deleted, through the API (the server keeps a cache of the list, so its
   * database is not edited behind its back). The `real` project's tests share one database per worker; emptying
   * it before each test gives each the same start, as the mock's fresh seed does, and keeps the virtualised list
   * short enough to have every row in the DOM.
   */
  async eraseAllClients(): Promise<void> {
    const list = await this.#call('GET', '/api/clients');
    expect(list.status(), 'GET /api/clients').toBe(200);
    const deleted = await this.#call('GET', '/api/deleted-clients');
    expect(deleted.status(), 'GET /api/deleted-clients').toBe(200);
    const clients = [...(await list.json()), ...(await deleted.json())] as Array<{ _id: string }>;
    for (const { _id } of clients) {
      const erased = await this.#call('POST', `/api/clients/${encodeURIComponent(_id)}/erase`);
      expect(erased.status(), `POST /api/clients/${_id}/erase`).toBe(204);
    }
  }

  /**
   * Adds a member of staff as the owner's "Create sign-in link" does (issue 28); returns the one-time link's path,
   * `/welcome/{token}`, for a browser to open. Needs an owner: the project's account is one.
   */
  async addStaffMember(username: string): Promise<string> {
    const added = await this.#call('POST', '/api/staff', { username, role: 'staff' });
    expect(added.status(), 'POST /api/staff').toBe(201);
    return ((await added.json()) as { link: { path: string } }).link.path;
  }

  dispose(): Promise<void> {
    return this.#api.dispose();
  }
}
