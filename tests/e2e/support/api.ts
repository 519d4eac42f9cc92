/** Calls to the real server's API from the test runner, outside any browser. */
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { NewAppointment } from '#contract/book';
import type { Account } from './accounts.ts';

/** A client's four fields as the API takes them. */
type ClientFields = Record<'firstName' | 'lastName' | 'email' | 'registrationDateTime', string>;

type Cookie = Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'][number];

type RequestFactory = { newContext(options: { baseURL: string }): Promise<APIRequestContext> };

/**
 * The API as a member of staff, logged in once per worker: a login costs a deliberately slow password hash.
 * When a test has ended the session (a sign-out everywhere, a restart), the next call logs in again.
 */
export class StaffApi {
  readonly #api: APIRequestContext;
  readonly #account: Account;
  /** When the session ends at the latest, from the last login's Session-Expires. */
  #endsAt = Number.NaN;

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
    this.#endsAt = Date.parse(login.headers()['session-expires'] ?? '');
  }

  /**
   * This account's session, for a browser context to share (fixtures.ts, `signIn`): its cookies, and when it ends at the
   * latest. Logged in again first when a test has ended it.
   */
  async session(): Promise<{ cookies: Cookie[]; endsAt: number }> {
    const me = await this.#call('GET', '/api/me');
    expect(me.status(), 'GET /api/me').toBe(200);
    return { cookies: (await this.#api.storageState()).cookies, endsAt: this.#endsAt };
  }

  /**
   * `method path`, logging in first when the session has ended. A kept-alive connection that the server closed as idle
   * (its keep-alive time-out, 5 s) just as the next request went out fails with ECONNRESET before the server read it:
   * that request is sent once more, on a new connection (a local run met it once between two tests).
   */
  async #call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    data?: unknown,
    headers: Record<string, string> = {},
  ): Promise<APIResponse> {
    const options = data === undefined ? { method, headers } : { method, data, headers };
    const send = () =>
      this.#api.fetch(path, options).catch((error: unknown) => {
        // ECONNREFUSED too: a call right after a test restarted the server on the same port.
        if (!/ECONNRESET|ECONNREFUSED|socket hang up/.test(String(error))) throw error;
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

  /** Registers a client, as the register form sends it. */
  async createClient(fields: ClientFields): Promise<void> {
    const created = await this.#call('POST', '/api/clients', fields);
    expect(created.status(), 'POST /api/clients').toBe(201);
  }

  /**
   * Changes some of a client's fields, as the edit form's Update sends them: the client as it is now, with `fields`
   * changed, conditional on the version just read (If-Match), as the form is on the version it opened.
   */
  async updateClient(clientId: string, fields: Partial<ClientFields>): Promise<void> {
    const path = `/api/clients/${encodeURIComponent(clientId)}`;
    const current = await this.#call('GET', path);
    expect(current.status(), `GET ${path}`).toBe(200);
    const { firstName, lastName, email, registrationDateTime } = { ...((await current.json()) as ClientFields), ...fields };
    const updated = await this.#call(
      'PUT',
      path,
      { firstName, lastName, email, registrationDateTime },
      { 'If-Match': current.headers().etag ?? '' },
    );
    expect(updated.status(), `PUT ${path}`).toBe(200);
  }

  /** Deletes a client (it goes to "Recently deleted"), as the edit page's Delete and Yes do. */
  async deleteClient(clientId: string): Promise<void> {
    const deleted = await this.#call('DELETE', `/api/clients/${encodeURIComponent(clientId)}`);
    expect(deleted.status(), `DELETE /api/clients/${clientId}`).toBe(204);
  }

  /** Books an appointment (issue 40), as the "New appointment" form sends it. */
  async bookAppointment(appointment: NewAppointment): Promise<void> {
    const booked = await this.#call('POST', '/api/appointments', appointment);
    expect(booked.status(), 'POST /api/appointments').toBe(201);
  }

  dispose(): Promise<void> {
    return this.#api.dispose();
  }
}
