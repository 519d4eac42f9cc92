import { http, HttpResponse } from 'msw';
import { LoginRequest } from '#contract/api';
import { mockDb } from '../db.ts';
import { errorResponse, parseBody } from './respond.ts';

/** The demo account of the mock backend (README). */
const DEMO_ACCOUNT = { username: 'admin', password: 'admin' } as const;

export const authHandlers = [
  http.post('*/login', async ({ request }) => {
    const body = await parseBody(request, LoginRequest);
    if (!body.ok) return body.response;
    const { username, password } = body.data;
    if (username !== DEMO_ACCOUNT.username || password !== DEMO_ACCOUNT.password) {
      return errorResponse(401, 'Invalid username or password');
    }
    mockDb.startSession(username);
    return HttpResponse.json({ username });
  }),

  http.post('*/logout', () => {
    mockDb.endSession();
    return new HttpResponse(null, { status: 204 });
  }),
];
