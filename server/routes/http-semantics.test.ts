/**
 * HTTP as a standard client expects it (issue 27, RFC 9110): conditional requests with If-None-Match and If-Match on
 * GET, HEAD of the event stream, 405 with Allow, Location on 201, WWW-Authenticate on every 401.
 */
import { describe, expect, it } from 'vitest';
import { SESSION_CHALLENGE } from '#contract/http';
import { matchesIfNoneMatchMessage } from '#contract/if-match';
import { builtSpaStandIn } from '../testing/built-spa.ts';
import { aClient, asStaff, createClient, createTestApp, loggedIn } from '../testing/test-app.ts';

describe('If-None-Match (RFC 9110 section 13.1.2)', () => {
  it('GET /api/clients/:id answers 304 with the ETag to the current tag, weak or strong, and to *; 200 to another', async () => {
    const test = await loggedIn();
    const client = await createClient(test);
    const url = `/api/clients/${client._id}`;
    for (const ifNoneMatch of ['"v1"', 'W/"v1"', '"v7", "v1"', '*']) {
      const response = await asStaff(test, 'GET', url, { headers: { 'if-none-match': ifNoneMatch } });
      expect([ifNoneMatch, response.statusCode, response.headers.etag, response.body]).toEqual([ifNoneMatch, 304, '"v1"', '']);
    }
    const other = await asStaff(test, 'GET', url, { headers: { 'if-none-match': '"v2"' } });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(client);
  });

  it('PUT and DELETE answer 412 and write nothing when it names the current version or is *', async () => {
    const test = await loggedIn();
    const client = await createClient(test);
    const url = `/api/clients/${client._id}`;
    for (const ifNoneMatch of ['*', '"v1"', 'W/"v1"']) {
      const put = await asStaff(test, 'PUT', url, {
        payload: { ...aClient, lastName: 'Changed' },
        headers: { 'if-none-match': ifNoneMatch },
      });
      expect([ifNoneMatch, put.statusCode, put.json<{ message: string }>().message]).toEqual([ifNoneMatch, 412, matchesIfNoneMatchMessage]);
      const removed = await asStaff(test, 'DELETE', url, { headers: { 'if-none-match': ifNoneMatch } });
      expect(removed.statusCode).toBe(412);
    }
    const stored = await asStaff(test, 'GET', url);
    expect([stored.json(), stored.headers.etag]).toEqual([client, '"v1"']);
  });

  it('lets PUT and DELETE through when it names another version; a client that is not there is still 404', async () => {
    const test = await loggedIn();
    const client = await createClient(test);
    const url = `/api/clients/${client._id}`;
    const put = await asStaff(test, 'PUT', url, { payload: aClient, headers: { 'if-none-match': '"v9"' } });
    expect([put.statusCode, put.headers.etag]).toEqual([200, '"v2"']);
    const removed = await asStaff(test, 'DELETE', url, { headers: { 'if-none-match': '"v1"' } });
    expect(removed.statusCode).toBe(204);
    const again = await asStaff(test, 'DELETE', url, { headers: { 'if-none-match': '*' } });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a malformed one on a write with 400', async () => {
    const test = await loggedIn();
    const client = await createClient(test);
    const response = await asStaff(test, 'PUT', `/api/clients/${client._id}`, { payload: aClient, headers: { 'if-none-match': 'v1' } });
    expect(response.statusCode).toBe(400);
  });
});

describe('If-Match on a GET (RFC 9110 section 13.1.1: evaluated for any method)', () => {
  it('GET /api/clients/:id answers 412 when it names another version, 200 for the current one or *', async () => {
    const test = await loggedIn();
    const client = await createClient(test);
    const url = `/api/clients/${client._id}`;
    const stale = await asStaff(test, 'GET', url, { headers: { 'if-match': '"v2"' } });
    expect([stale.statusCode, stale.json()]).toEqual([412, { message: 'The client was changed since you read it' }]);
    for (const ifMatch of ['"v1"', '*']) {
      const response = await asStaff(test, 'GET', url, { headers: { 'if-match': ifMatch } });
      expect([ifMatch, response.statusCode]).toEqual([ifMatch, 200]);
    }
    // A weak tag never matches (strong comparison).
    const weak = await asStaff(test, 'GET', url, { headers: { 'if-match': 'W/"v1"' } });
    expect(weak.statusCode).toBe(412);
  });

  it('GET /api/clients answers 412 when it names another version of the list, before any 304', async () => {
    const test = await loggedIn();
    const first = await asStaff(test, 'GET', '/api/clients');
    const etag = first.headers.etag as string;
    const current = await asStaff(test, 'GET', '/api/clients', { headers: { 'if-match': etag } });
    expect(current.statusCode).toBe(200);
    await createClient(test);
    const stale = await asStaff(test, 'GET', '/api/clients', { headers: { 'if-match': etag, 'if-none-match': etag } });
    expect([stale.statusCode, stale.json()]).toEqual([412, { message: 'The client list changed since you read it' }]);
  });
});

describe('HEAD /api/events', () => {
  it('answers as GET would, without the stream: 200 and its headers, 401 without a session, 400 for a foreign Last-Event-ID', async () => {
    const test = await loggedIn();
    const head = await asStaff(test, 'HEAD', '/api/events');
    expect([head.statusCode, head.headers['content-type'], head.headers['cache-control'], head.body]).toEqual([
      200,
      'text/event-stream; charset=utf-8',
      'no-cache, no-transform',
      '',
    ]);
    expect((await test.app.inject({ method: 'HEAD', url: '/api/events' })).statusCode).toBe(401);
    const foreign = await asStaff(test, 'HEAD', '/api/events', { headers: { 'last-event-id': 'abc' } });
    expect(foreign.statusCode).toBe(400);
  });
});

describe('405 Method Not Allowed (RFC 9110 section 15.5.6)', () => {
  it('answers a known path in another method with 405 and Allow; an unknown path stays 404', async () => {
    const test = await loggedIn();
    const client = await createClient(test);
    const cases = [
      ['PATCH', `/api/clients/${client._id}`, 'GET, HEAD, PUT, DELETE'],
      ['DELETE', '/api/clients', 'GET, HEAD, POST'],
      ['PUT', '/api/events', 'GET, HEAD'],
      ['GET', '/login', 'POST'],
      ['DELETE', '/healthz', 'GET, HEAD'],
    ] as const;
    for (const [method, url, allow] of cases) {
      const response = await asStaff(test, method, url);
      expect([method, url, response.statusCode, response.headers.allow, response.json()]).toEqual([
        method,
        url,
        405,
        allow,
        { message: 'Method not allowed' },
      ]);
    }
    const unknown = await asStaff(test, 'PATCH', '/api/nothing-here');
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps 401 first under /api: without a session nothing tells which methods a path has', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({ method: 'PATCH', url: '/api/clients/abc' });
    expect([response.statusCode, response.headers.allow]).toEqual([401, undefined]);
  });

  it('names the SPA’s page in Allow beside the route’s POST when the site is served', async () => {
    const staticDir = builtSpaStandIn({ 'index.html': '<!doctype html><title>Salon</title>' });
    const { app } = await createTestApp({ config: { staticDir } });
    const response = await app.inject({ method: 'PUT', url: '/login', headers: { 'content-type': 'application/json' }, payload: {} });
    expect([response.statusCode, response.headers.allow]).toEqual([405, 'GET, HEAD, POST']);
  });
});

describe('Location and WWW-Authenticate', () => {
  it('POST /api/clients names the client registered in Location, with and without Idempotency-Key', async () => {
    const test = await loggedIn();
    for (const headers of [{}, { 'idempotency-key': 'once' }, { 'idempotency-key': 'once' }] as Record<string, string>[]) {
      const response = await asStaff(test, 'POST', '/api/clients', { payload: aClient, headers });
      expect(response.statusCode).toBe(201);
      expect(response.headers.location).toBe(`/api/clients/${response.json<{ _id: string }>()._id}`);
    }
  });

  it('every 401 challenges with the Cookie scheme, never Basic (no browser password dialog)', async () => {
    const { app } = await createTestApp();
    const api = await app.inject({ method: 'GET', url: '/api/clients' });
    const login = await app.inject({ method: 'POST', url: '/login', payload: { username: 'nina', password: 'wrong' } });
    for (const response of [api, login]) {
      expect([response.statusCode, response.headers['www-authenticate']]).toEqual([401, SESSION_CHALLENGE]);
    }
    expect(SESSION_CHALLENGE).toMatch(/^Cookie realm="[^"]+", form-action="\/login", cookie-name="salon_session"$/);
  });
});
