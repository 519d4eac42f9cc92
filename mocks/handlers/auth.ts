import { http, HttpResponse } from 'msw';
import { LoginRequest } from '#contract/api';
import { clearedSessionCookie, sessionCookie } from '#contract/http';
import { DEFAULT_SESSION_MAX_MS, SESSION_EXPIRES_HEADER, sessionExpiresHeader } from '#contract/session-expires';
import { DEMO_ACCOUNTS, mockDb } from '../db.ts';
import { parseBody, recordAudit, requireSession, unauthorized } from './respond.ts';

/** A token of the server's shape (43 base64url characters); the mock never reads it back. */
const MOCK_SESSION_TOKEN = 'mock-session-token-of-the-demo-account-0000';

export const authHandlers = [
  http.post('*/login', async ({ request }) => {
    const body = await parseBody(request, LoginRequest);
    if (!body.ok) return body.response;
    const { username, password } = body.data;
    const tried = username.trim().toLowerCase();
    const account = DEMO_ACCOUNTS.find((demo) => demo.username === tried && demo.password === password);
    if (!account) {
      recordAudit(request, { kind: 'sign-in-failed', actor: tried });
      return unauthorized('Invalid username or password');
    }
    mockDb.startSession(account.username);
    recordAudit(request, { kind: 'sign-in', actor: account.username });
    // The mock's sessions last as long as the real server's by default. Its cookie is the server's in form only: the
    // mock keeps the session itself (mockDb), and a page cannot set an HttpOnly cookie anyway.
    return HttpResponse.json(
      { username: account.username, role: account.role },
      {
        headers: {
          [SESSION_EXPIRES_HEADER]: sessionExpiresHeader(Date.now() + DEFAULT_SESSION_MAX_MS),
          'Set-Cookie': sessionCookie(MOCK_SESSION_TOKEN, false),
        },
      },
    );
  }),

  http.get(
    '*/api/me',
    () =>
      requireSession() ??
      HttpResponse.json({ username: mockDb.sessionUser(), role: mockDb.sessionRole() }, { headers: { 'Cache-Control': 'no-store' } }),
  ),

  http.post('*/logout', ({ request }) => {
    if (mockDb.hasSession()) recordAudit(request, { kind: 'sign-out', actor: mockDb.sessionUser() });
    mockDb.endSession();
    return new HttpResponse(null, { status: 204, headers: { 'Set-Cookie': clearedSessionCookie(false) } });
  }),
];
