import { http, HttpResponse } from 'msw';
import { LoginRequest } from '#contract/api';
import { DEFAULT_SESSION_MAX_MS, SESSION_EXPIRES_HEADER, sessionExpiresHeader } from '#contract/session-expires';
import { mockDb } from '../db.ts';
import { parseBody, unauthorized } from './respond.ts';

/** The demo account of the mock backend (README). */
const DEMO_ACCOUNT = { username: 'admin', password: 'admin' } as const;

export const authHandlers = [
  http.post('*/login', async ({ request }) => {
    const body = await parseBody(request, LoginRequest);
    if (!body.ok) return body.response;
    const { username, password } = body.data;
    if (username !== DEMO_ACCOUNT.username || password !== DEMO_ACCOUNT.password) {
      return unauthorized('Invalid username or password');
    }
    mockDb.startSession(username);
    // The mock's sessions last as long as the real server's by default.
    return HttpResponse.json(
      { username },
      { headers: { [SESSION_EXPIRES_HEADER]: sessionExpiresHeader(Date.now() + DEFAULT_SESSION_MAX_MS) } },
    );
  }),

  http.post('*/logout', () => {
    mockDb.endSession();
    return new HttpResponse(null, { status: 204 });
  }),
];
