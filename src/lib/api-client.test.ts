import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { server } from '#mocks/node.ts';
import { apiRequest } from './api-client.ts';
import { ApiError, MalformedResponseError } from './api-errors.ts';

const ProbeBody = z.object({ ok: z.boolean() });

describe('apiRequest (statuses 200 to 299 are success)', () => {
  it.each([200, 201, 204, 299])('treats %i as success', async (status) => {
    server.use(http.get('*/probe', () => new HttpResponse(null, { status })));
    await expect(apiRequest('/probe')).resolves.toBeUndefined();
  });

  it.each([300, 400, 401, 404, 500])('treats %i as an error carrying the status and the server message', async (status) => {
    server.use(http.get('*/probe', () => HttpResponse.json({ message: 'Nope' }, { status })));
    const error = await apiRequest('/probe').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, message: 'Nope' });
  });

  it('falls back to the status when the error body is not JSON', async () => {
    server.use(http.get('*/probe', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await expect(apiRequest('/probe')).rejects.toThrow('Request failed with status 502');
  });

  it('sends JSON with its content type and parses the response with the schema', async () => {
    let contentType: string | null = null;
    let body: unknown;
    server.use(
      http.post('*/probe', async ({ request }) => {
        contentType = request.headers.get('content-type');
        body = await request.json();
        return HttpResponse.json({ ok: true, extra: 'dropped' });
      }),
    );
    await expect(apiRequest('/probe', { method: 'POST', body: { a: 1 }, schema: ProbeBody })).resolves.toEqual({ ok: true });
    expect(contentType).toBe('application/json');
    expect(body).toEqual({ a: 1 });
  });

  it.each([
    ['a body of the wrong shape', () => HttpResponse.json({ ok: 'yes' })],
    ['a body that is not JSON', () => new HttpResponse('not json', { status: 200 })],
  ])('refuses %s', async (_name, respond) => {
    server.use(http.get('*/probe', respond));
    await expect(apiRequest('/probe', { schema: ProbeBody })).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it('sends no authentication header; the session travels as a cookie', async () => {
    let authorization: string | null = 'unread';
    server.use(
      http.put('*/probe', ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await apiRequest('/probe', { method: 'PUT', body: {} });
    expect(authorization).toBeNull();
  });

  it('has no time-out of its own: a slow response still arrives', async () => {
    server.use(
      http.get('*/probe', async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(apiRequest('/probe', { schema: ProbeBody })).resolves.toEqual({ ok: true });
  });
});
