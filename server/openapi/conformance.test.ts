/**
 * The API as a standard client meets it (issue 27): openapi-fetch, typed by what openapi-typescript made of
 * docs/openapi.json (generated-client.d.ts), drives every operation of the document on a listening server, its
 * errors included, and every response's status, body and declared headers are checked against the document
 * (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 writes it). An operation or a status the document gains without a case
 * here fails the last test; a path's other methods must answer 405 with Allow.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SESSION_CHALLENGE } from '#contract/http';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { AddPasskeyRequest, AuthenticationResponse } from '#contract/passkeys';
import { SoftwareAuthenticator } from '#tests/harness/software-authenticator.ts';
import { aClient, listeningTestApp, STAFF, STAFF_MEMBER } from '../testing/test-app.ts';
import { document, nonConformities } from '../testing/openapi-conformance.ts';
import { driveAppointments } from '../testing/conformance-appointments.ts';
import { driveBooking } from '../testing/conformance-booking.ts';
import type { paths } from './generated-client.d.ts';
import { UNVERIFIED_ASSERTION, UNVERIFIED_REGISTRATION } from '#tests/harness/software-authenticator.ts';

/** Declared statuses no case can bring about on a healthy test server, and why. */
const NOT_DRIVEN: Record<string, string> = {
  'GET /healthz 503': 'the database must fail (server/background/database-outage.test.ts)',
  'POST /login 503': 'every hashing slot busy at once (server/auth/login-throttle.test.ts)',
  'GET /welcome-links/{token} 503': 'every hashing slot busy at once (the login throttle’s, as POST /login)',
  'POST /welcome-links/{token} 503': 'every hashing slot busy at once (the login throttle’s, as POST /login)',
  'PUT /api/account/password 503': 'every hashing slot busy at once (the login throttle’s, as POST /login)',
  'POST /login/passkey/options 503': '5,000 sign-in challenges open at once (server/routes/passkeys.test.ts)',
};

async function conformingClient() {
  const test = await listeningTestApp({ config: { events: { perSession: 1, perInstance: 2 } } });
  const seen = new Set<string>();
  const problems: string[] = [];
  const client = createClient<paths>({ baseUrl: `http://127.0.0.1:${test.port}` });
  /** Notes the answer to `method` on `schemaPath` as seen, and what it breaks of the document. */
  const check = async (method: string, schemaPath: string, response: Response) => {
    seen.add(`${method} ${schemaPath} ${response.status}`);
    problems.push(...(await nonConformities(method, schemaPath, response.clone())));
  };
  const checker: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      // The event stream never ends: its status and media type are checked, and the case closes it.
      if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
        const declared = document.paths[schemaPath]?.get?.responses[String(response.status)];
        if (!declared?.content?.['text/event-stream']) problems.push(`GET ${schemaPath} ${response.status}: not declared as a stream`);
        seen.add(`${request.method} ${schemaPath} ${response.status}`);
        return response;
      }
      await check(request.method, schemaPath, response);
      return response;
    },
  };
  client.use(checker);
  const logIn = async (account: { username: string; password: string } = STAFF) => {
    const { response } = await client.POST('/login', { body: account });
    const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
    if (!cookie) throw new Error(`Login answered ${response.status}`);
    return cookie;
  };
  return { test, client, seen, problems, logIn, check };
}

describe('the API, through a client generated from docs/openapi.json', () => {
  it('answers every operation, its errors included, as the document says: status, body and headers', async () => {
    const { test, client, seen, problems, logIn, check } = await conformingClient();
    const cookie = await logIn();
    const session = { cookie };

    // Without a session: 401 with its challenge on every /api operation; the public ones answer.
    expect((await client.GET('/api/clients')).response.headers.get('www-authenticate')).toBe(SESSION_CHALLENGE);
    await client.GET('/api/clients/{clientId}', { params: { path: { clientId: 'x' } } });
    await client.PUT('/api/clients/{clientId}', { params: { path: { clientId: 'x' } }, body: aClient });
    await client.DELETE('/api/clients/{clientId}', { params: { path: { clientId: 'x' } } });
    await client.POST('/api/clients', { body: aClient });
    await client.GET('/api/clients/{clientId}/history', { params: { path: { clientId: 'x' } } });
    await client.GET('/api/clients/{clientId}/export', { params: { path: { clientId: 'x' } } });
    await client.POST('/api/clients/{clientId}/restore', { params: { path: { clientId: 'x' } } });
    await client.POST('/api/clients/{clientId}/erase', { params: { path: { clientId: 'x' } } });
    await client.GET('/api/deleted-clients');
    await client.GET('/api/events', { parseAs: 'stream' });
    await client.GET('/api/openapi.json');
    await client.GET('/api/me');
    await client.GET('/api/clients-export');
    await client.GET('/api/audit');
    await client.GET('/api/audit-export');
    await client.GET('/api/outbox');
    await client.GET('/healthz');

    // Registering: 201 with ETag and Location, which names the client; 400, 403, 413, 415; 409 and 422 (Idempotency-Key).
    const created = await client.POST('/api/clients', { body: aClient, headers: session });
    expect(created.response.status).toBe(201);
    const location = created.response.headers.get('location') ?? '';
    const clientId = created.data?._id ?? '';
    expect(location).toBe(`/api/clients/${clientId}`);
    const path = { path: { clientId } };
    await client.POST('/api/clients', { body: { ...aClient, email: 'not an email' }, headers: session });
    await client.POST('/api/clients', { body: aClient, headers: { ...session, 'sec-fetch-site': 'cross-site' } });
    await client.POST('/api/clients', { body: { ...aClient, firstName: 'x'.repeat(17 * 1024) }, headers: session });
    await client.POST('/api/clients', {
      body: aClient,
      headers: { ...session, 'content-type': 'text/plain' },
      bodySerializer: (body) => JSON.stringify(body),
    });
    await client.POST('/api/clients', { body: aClient, headers: { ...session, 'idempotency-key': 'k1' } });
    await client.POST('/api/clients', { body: { ...aClient, firstName: 'Other' }, headers: { ...session, 'idempotency-key': 'k1' } });
    const erasedOnce = await client.POST('/api/clients', { body: aClient, headers: { ...session, 'idempotency-key': 'k2' } });
    await client.POST('/api/clients/{clientId}/erase', { params: { path: { clientId: erasedOnce.data?._id ?? '' } }, headers: session });
    await client.POST('/api/clients', { body: aClient, headers: { ...session, 'idempotency-key': 'k2' } });

    // Reading: 200 and its ETag, 304, 412, 404, 400; the list likewise.
    const one = await client.GET('/api/clients/{clientId}', { params: path, headers: session });
    const etag = one.response.headers.get('etag') ?? '';
    expect(
      (await client.GET('/api/clients/{clientId}', { params: path, headers: { ...session, 'if-none-match': etag } })).response.status,
    ).toBe(304);
    expect(
      (await client.GET('/api/clients/{clientId}', { params: path, headers: { ...session, 'if-match': '"v9"' } })).response.status,
    ).toBe(412);
    await client.GET('/api/clients/{clientId}', { params: { path: { clientId: 'nobody' } }, headers: session });
    await client.GET('/api/clients/{clientId}', { params: { path: { clientId: 'not/an id' } }, headers: session });
    const list = await client.GET('/api/clients', { headers: session });
    const listEtag = list.response.headers.get('etag') ?? '';
    await client.GET('/api/clients', { headers: { ...session, 'if-none-match': listEtag } });
    await client.GET('/api/clients', { headers: { ...session, 'if-match': '"stale"' } });

    // Updating: 200, 400, 403, 404, 412 (If-Match stale, If-None-Match current), 413, 415.
    const updated = await client.PUT('/api/clients/{clientId}', {
      params: path,
      body: { ...aClient, lastName: 'Renamed' },
      headers: session,
    });
    expect(updated.response.status).toBe(200);
    await client.PUT('/api/clients/{clientId}', { params: path, body: { ...aClient, email: '' }, headers: session });
    await client.PUT('/api/clients/{clientId}', {
      params: path,
      body: aClient,
      headers: { ...session, origin: 'https://elsewhere.example' },
    });
    await client.PUT('/api/clients/{clientId}', { params: { path: { clientId: 'nobody' } }, body: aClient, headers: session });
    await client.PUT('/api/clients/{clientId}', { params: path, body: aClient, headers: { ...session, 'if-match': etag } });
    expect(
      (await client.PUT('/api/clients/{clientId}', { params: path, body: aClient, headers: { ...session, 'if-none-match': '*' } })).response
        .status,
    ).toBe(412);
    await client.PUT('/api/clients/{clientId}', { params: path, body: { ...aClient, lastName: 'x'.repeat(17 * 1024) }, headers: session });
    await client.PUT('/api/clients/{clientId}', {
      params: path,
      body: aClient,
      headers: { ...session, 'content-type': 'text/plain' },
      bodySerializer: (body) => JSON.stringify(body),
    });

    // History and export: 200 (Content-Disposition), 400, 404.
    await client.GET('/api/clients/{clientId}/history', { params: path, headers: session });
    await client.GET('/api/clients/{clientId}/history', { params: { path: { clientId: 'nobody' } }, headers: session });
    await client.GET('/api/clients/{clientId}/history', { params: { path: { clientId: 'not/an id' } }, headers: session });
    await client.GET('/api/clients/{clientId}/export', { params: path, headers: session });
    await client.GET('/api/clients/{clientId}/export', { params: { path: { clientId: 'nobody' } }, headers: session });
    await client.GET('/api/clients/{clientId}/export', { params: { path: { clientId: 'not/an id' } }, headers: session });

    // Roles: who the session is; the whole list for an owner; an owner's routes refuse staff with 403.
    await client.GET('/api/me', { headers: session });
    await client.GET('/api/clients-export', { headers: session });
    await test.app.staffAccounts.add(STAFF_MEMBER.username, STAFF_MEMBER.password, 'staff');
    const staffSession = { cookie: await logIn(STAFF_MEMBER) };
    await client.GET('/api/clients-export', { headers: staffSession });
    await client.GET('/api/clients/{clientId}/export', { params: path, headers: staffSession });
    await client.POST('/api/clients/{clientId}/erase', { params: path, headers: staffSession });
    await client.GET('/api/audit', { headers: staffSession });
    await client.GET('/api/audit-export', { headers: staffSession });
    await client.GET('/api/outbox', { headers: staffSession });

    // The audit trail: a page, the next, a filter; a kind it does not know is 400; its export.
    const trail = await client.GET('/api/audit', { headers: session });
    await client.GET('/api/audit', { params: { query: { before: trail.data?.entries[0]?.seq ?? 1 } }, headers: session });
    await client.GET('/api/audit', { params: { query: { account: STAFF.username, kind: 'sign-in' } }, headers: session });
    await client.GET('/api/audit', { params: { query: { kind: 'coffee' as never } }, headers: session });
    await client.GET('/api/audit-export', { params: { query: { kind: 'clients-exported' } }, headers: session });
    await client.GET('/api/audit-export', { params: { query: { kind: 'coffee' as never } }, headers: session });
    // The emails waiting to be sent (issue 41).
    await client.GET('/api/outbox', { headers: session });

    // The book's setup (issue 40): the salon's settings (public); without a session, 401; services (owners: 201, 200,
    // 204, 400, 404; staff 403); schedules; one's own hours and time off; anyone's for owners (404 for nobody, 400 for a
    // name too long); every write's refusals.
    await client.GET('/api/salon');
    const week = {
      monday: null,
      tuesday: { from: '09:00', to: '18:00' },
      wednesday: null,
      thursday: null,
      friday: null,
      saturday: null,
      sunday: null,
    };
    const days = { first: '2026-12-24', last: '2026-12-26' };
    const haircut = { name: 'Haircut and styling', durationMinutes: 60, price: 4500 };
    const member = { path: { username: STAFF_MEMBER.username } };
    await client.GET('/api/services');
    await client.GET('/api/schedules');
    await client.GET('/api/account/hours');
    await client.GET('/api/staff/{username}/hours', { params: member });
    const booker = { cookie: await logIn() };
    const service = await client.POST('/api/services', { body: haircut, headers: booker });
    expect(service.response.status).toBe(201);
    const servicePath = { path: { serviceId: service.data?.id ?? '' } };
    const noService = { path: { serviceId: 'none' } };
    await client.POST('/api/services', { body: { ...haircut, durationMinutes: 61 }, headers: booker });
    await client.PUT('/api/services/{serviceId}', { params: servicePath, body: { ...haircut, price: null }, headers: booker });
    await client.PUT('/api/services/{serviceId}', { params: servicePath, body: { ...haircut, name: '' }, headers: booker });
    await client.PUT('/api/services/{serviceId}', { params: noService, body: haircut, headers: booker });
    await client.GET('/api/services', { headers: booker });
    await client.GET('/api/schedules', { headers: booker });
    await client.GET('/api/account/hours', { headers: booker });
    await client.PUT('/api/account/hours', { body: week, headers: booker });
    await client.PUT('/api/account/hours', { body: { ...week, monday: { from: '18:00', to: '09:00' } }, headers: booker });
    const ownTimeOff = await client.POST('/api/account/time-off', { body: days, headers: booker });
    await client.POST('/api/account/time-off', { body: { first: days.last, last: days.first }, headers: booker });
    const ownTimeOffPath = { path: { timeOffId: ownTimeOff.data?.id ?? '' } };
    await client.DELETE('/api/account/time-off/{timeOffId}', { params: ownTimeOffPath, headers: booker });
    await client.DELETE('/api/account/time-off/{timeOffId}', { params: ownTimeOffPath, headers: booker });
    const nobodyHours = { path: { username: 'nobody' } };
    const longName = { path: { username: 'x'.repeat(65) } };
    for (const params of [member, nobodyHours, longName]) {
      await client.GET('/api/staff/{username}/hours', { params, headers: booker });
      await client.PUT('/api/staff/{username}/hours', { params, body: week, headers: booker });
      await client.POST('/api/staff/{username}/time-off', { params, body: days, headers: booker });
    }
    await client.PUT('/api/staff/{username}/hours', {
      params: member,
      body: { ...week, sunday: { from: '9', to: '10' } },
      headers: booker,
    });
    await client.POST('/api/staff/{username}/time-off', { params: member, body: { first: 'soon', last: days.last }, headers: booker });
    const memberTimeOff = (await client.GET('/api/staff/{username}/hours', { params: member, headers: booker })).data?.timeOff[0]?.id ?? '';
    const memberTimeOffPath = { path: { ...member.path, timeOffId: memberTimeOff } };
    await client.DELETE('/api/staff/{username}/time-off/{timeOffId}', { params: memberTimeOffPath, headers: booker });
    await client.DELETE('/api/staff/{username}/time-off/{timeOffId}', { params: memberTimeOffPath, headers: booker });
    for (const headers of [{}, staffSession]) {
      await client.POST('/api/services', { body: haircut, headers });
      await client.PUT('/api/services/{serviceId}', { params: servicePath, body: haircut, headers });
      await client.DELETE('/api/services/{serviceId}', { params: servicePath, headers });
      await client.PUT('/api/account/hours', { body: week, headers });
      await client.POST('/api/account/time-off', { body: days, headers });
      await client.DELETE('/api/account/time-off/{timeOffId}', { params: ownTimeOffPath, headers });
      await client.GET('/api/staff/{username}/hours', { params: member, headers });
      await client.PUT('/api/staff/{username}/hours', { params: member, body: week, headers });
      await client.POST('/api/staff/{username}/time-off', { params: member, body: days, headers });
      await client.DELETE('/api/staff/{username}/time-off/{timeOffId}', { params: memberTimeOffPath, headers });
    }
    await client.DELETE('/api/services/{serviceId}', { params: servicePath, headers: booker });
    await client.DELETE('/api/services/{serviceId}', { params: noService, headers: booker });
    const bookWrites = [
      (init: object) => client.POST('/api/services', { body: haircut, ...init } as never),
      (init: object) => client.PUT('/api/services/{serviceId}', { params: servicePath, body: haircut, ...init } as never),
      (init: object) => client.DELETE('/api/services/{serviceId}', { params: servicePath, ...init } as never),
      (init: object) => client.PUT('/api/account/hours', { body: week, ...init } as never),
      (init: object) => client.POST('/api/account/time-off', { body: days, ...init } as never),
      (init: object) => client.DELETE('/api/account/time-off/{timeOffId}', { params: ownTimeOffPath, ...init } as never),
      (init: object) => client.PUT('/api/staff/{username}/hours', { params: member, body: week, ...init } as never),
      (init: object) => client.POST('/api/staff/{username}/time-off', { params: member, body: days, ...init } as never),
      (init: object) => client.DELETE('/api/staff/{username}/time-off/{timeOffId}', { params: memberTimeOffPath, ...init } as never),
    ];
    for (const write of bookWrites) {
      await write({ headers: { ...booker, 'sec-fetch-site': 'cross-site' } });
      await write({ headers: { ...booker, 'content-type': 'application/json' }, body: { pad: 'x'.repeat(17 * 1024) } });
      await write({ headers: { ...booker, 'content-type': 'text/plain' }, body: 'x', bodySerializer: (body: unknown) => String(body) });
    }

    // Deleting: 412 (If-None-Match names the version), 400, 403, 413, 415, 204, 404; then restore, erase, the bin.
    const current = (await client.GET('/api/clients/{clientId}', { params: path, headers: session })).response.headers.get('etag') ?? '';
    await client.DELETE('/api/clients/{clientId}', { params: path, headers: { ...session, 'if-none-match': current } });
    await client.DELETE('/api/clients/{clientId}', { params: path, headers: { ...session, 'if-match': 'v1' } });
    await client.DELETE('/api/clients/{clientId}', { params: path, headers: { ...session, 'sec-fetch-site': 'same-site' } });
    const bigBody = { headers: { ...session, 'content-type': 'application/json' }, body: { pad: 'x'.repeat(17 * 1024) } };
    await client.DELETE('/api/clients/{clientId}', { params: path, ...bigBody } as never);
    await client.DELETE('/api/clients/{clientId}', {
      params: path,
      headers: { ...session, 'content-type': 'text/plain' },
      body: 'x',
    } as never);
    expect((await client.DELETE('/api/clients/{clientId}', { params: path, headers: session })).response.status).toBe(204);
    await client.DELETE('/api/clients/{clientId}', { params: path, headers: session });
    await client.GET('/api/deleted-clients', { headers: session });
    for (const route of ['/api/clients/{clientId}/restore', '/api/clients/{clientId}/erase'] as const) {
      await client.POST(route, { params: { path: { clientId: 'not/an id' } }, headers: session });
      await client.POST(route, { params: path, headers: { ...session, 'sec-fetch-site': 'cross-site' } });
      await client.POST(route, { params: path, ...bigBody } as never);
      await client.POST(route, { params: path, headers: { ...session, 'content-type': 'text/plain' }, body: 'x' } as never);
    }
    await client.POST('/api/clients/{clientId}/restore', { params: path, headers: session });
    await client.POST('/api/clients/{clientId}/restore', { params: path, headers: session });
    await client.POST('/api/clients/{clientId}/erase', { params: path, headers: session });
    await client.POST('/api/clients/{clientId}/erase', { params: path, headers: session });

    // The stream: 400, 200, then 429 (one per session here) and 503 (two per server here), with Retry-After.
    await client.GET('/api/events', { headers: { ...session, 'last-event-id': 'abc' }, parseAs: 'stream' });
    const streams = new AbortController();
    onTestFinished(() => streams.abort());
    await client.GET('/api/events', { headers: session, parseAs: 'stream', signal: streams.signal });
    await client.GET('/api/events', { headers: session, parseAs: 'stream' });
    await client.GET('/api/events', { headers: { cookie: await logIn() }, parseAs: 'stream', signal: streams.signal });
    await client.GET('/api/events', { headers: { cookie: await logIn() }, parseAs: 'stream' });
    streams.abort();

    // The document itself, health; login's 400, 401 (its challenge), 403, 413, 415, 429; logout's 204 and refusals.
    await client.GET('/api/openapi.json', { headers: session });
    await client.GET('/healthz');
    await client.POST('/login', { body: { username: '', password: '' } });
    for (let attempt = 0; attempt < 6; attempt += 1) await client.POST('/login', { body: { username: 'nobody', password: 'wrong' } });
    await client.POST('/login', { body: STAFF, headers: { 'sec-fetch-site': 'cross-site' } });
    await client.POST('/login', { body: { ...STAFF, password: 'x'.repeat(17 * 1024) } });
    await client.POST('/login', { body: STAFF, headers: { 'content-type': 'text/plain' }, bodySerializer: (body) => JSON.stringify(body) });
    await client.POST('/logout', { headers: { 'sec-fetch-site': 'cross-site' } });
    await client.POST('/logout', bigBody as never);
    await client.POST('/logout', { headers: { 'content-type': 'text/plain' }, body: 'x' } as never);
    await client.POST('/logout', { headers: session });

    // Importing clients (issue 29), with a session of its own: 401 without one, 403 for staff; 201 with Location, 400,
    // 413 (above 32 MiB), 415, 422 (Idempotency-Key); the list; one import, 400, 404; the undo, 200, 409, 404, 400, 413, 415.
    const importer = { cookie: await logIn() };
    const rows = [aClient, { ...aClient, email: 'someone.else@example.com' }];
    const imported = await client.POST('/api/imports', { body: { fileName: 'clients.csv', existing: 'skip', rows }, headers: importer });
    expect(imported.response.headers.get('location')).toBe(`/api/imports/${imported.data?.id ?? ''}`);
    const importPath = { path: { importId: imported.data?.id ?? '' } };
    const badImport = { path: { importId: 'x'.repeat(65) } };
    for (const headers of [{}, staffSession]) {
      await client.POST('/api/imports', { body: { fileName: 'clients.csv', existing: 'skip', rows }, headers });
      await client.GET('/api/imports', { headers });
      await client.GET('/api/imports/{importId}', { params: importPath, headers });
      await client.POST('/api/imports/{importId}/undo', { params: importPath, headers });
    }
    await client.POST('/api/imports', { body: { fileName: '', existing: 'skip', rows }, headers: importer });
    await client.POST('/api/imports', {
      body: { fileName: 'big.csv', existing: 'skip', rows: ['x'.repeat(32 * 1024 * 1024)] },
      headers: importer,
    });
    await client.POST('/api/imports', {
      body: { fileName: 'clients.csv', existing: 'skip', rows },
      headers: { ...importer, 'content-type': 'text/plain' },
      bodySerializer: (body) => JSON.stringify(body),
    });
    const keyed = { ...importer, 'idempotency-key': 'import-1' };
    await client.POST('/api/imports', { body: { fileName: 'clients.csv', existing: 'update', rows }, headers: keyed });
    await client.POST('/api/imports', { body: { fileName: 'other.csv', existing: 'update', rows }, headers: keyed });
    await client.GET('/api/imports', { headers: importer });
    await client.GET('/api/imports/{importId}', { params: importPath, headers: importer });
    await client.GET('/api/imports/{importId}', { params: { path: { importId: 'none' } }, headers: importer });
    await client.GET('/api/imports/{importId}', { params: badImport, headers: importer });
    await client.POST('/api/imports/{importId}/undo', { params: importPath, headers: importer });
    await client.POST('/api/imports/{importId}/undo', { params: importPath, headers: importer });
    await client.POST('/api/imports/{importId}/undo', { params: { path: { importId: 'none' } }, headers: importer });
    await client.POST('/api/imports/{importId}/undo', { params: badImport, headers: importer });
    await client.POST('/api/imports/{importId}/undo', {
      params: importPath,
      ...bigBody,
      headers: { ...importer, 'content-type': 'application/json' },
    } as never);
    await client.POST('/api/imports/{importId}/undo', {
      params: importPath,
      headers: { ...importer, 'content-type': 'text/plain' },
      body: 'x',
    } as never);

    // Duplicates and merges (issue 29), every account's: 401 without a session; the pairs; a merge, 201, 400, 404,
    // 412 (changed since), 403 (cross-site), 413, 415; a client's merges, 400; the undo, 200, 409, 404, 400, 403, 413, 415.
    const merger = { cookie: await logIn() };
    const first = await client.POST('/api/clients', {
      body: { ...aClient, firstName: 'Dora', lastName: 'Twin', email: 'dora@example.com', registrationDateTime: '2020-01-01T10:00' },
      headers: merger,
    });
    const second = await client.POST('/api/clients', {
      body: { ...aClient, firstName: 'DORA', lastName: 'twin', email: 'dora.twin@example.com', registrationDateTime: '2021-01-01T10:00' },
      headers: merger,
    });
    const keepId = first.data?._id ?? '';
    const mergedId = second.data?._id ?? '';
    const choices = { firstName: 'kept', lastName: 'kept', email: 'other', registrationDateTime: 'kept' } as const;
    const merge = { keepId, otherId: mergedId, keepVersion: 1, otherVersion: 1, fields: choices };
    await client.GET('/api/duplicates');
    await client.POST('/api/merges', { body: merge });
    await client.GET('/api/merges', { params: { query: { clientId: keepId } } });
    await client.POST('/api/merges/{mergeId}/undo', { params: { path: { mergeId: 'none' } } });
    await client.GET('/api/duplicates', { headers: merger });
    await client.POST('/api/merges', { body: { ...merge, keepId: mergedId, otherId: keepId }, headers: merger });
    await client.POST('/api/merges', { body: { ...merge, otherId: 'nobody' }, headers: merger });
    await client.POST('/api/merges', { body: { ...merge, keepVersion: 2 }, headers: merger });
    await client.POST('/api/merges', { body: merge, headers: { ...merger, 'sec-fetch-site': 'cross-site' } });
    await client.POST('/api/merges', { ...bigBody, headers: { ...merger, 'content-type': 'application/json' } } as never);
    await client.POST('/api/merges', {
      body: merge,
      headers: { ...merger, 'content-type': 'text/plain' },
      bodySerializer: (body) => JSON.stringify(body),
    });
    const mergedPair = await client.POST('/api/merges', { body: merge, headers: merger });
    expect(mergedPair.response.status).toBe(201);
    const mergePath = { path: { mergeId: mergedPair.data?.id ?? '' } };
    await client.GET('/api/merges', { params: { query: { clientId: keepId } }, headers: merger });
    await client.GET('/api/merges', { params: { query: { clientId: 'x'.repeat(65) } }, headers: merger });
    await client.POST('/api/merges/{mergeId}/undo', { params: mergePath, headers: { ...merger, 'sec-fetch-site': 'cross-site' } });
    await client.POST('/api/merges/{mergeId}/undo', {
      params: mergePath,
      ...bigBody,
      headers: { ...merger, 'content-type': 'application/json' },
    } as never);
    await client.POST('/api/merges/{mergeId}/undo', {
      params: mergePath,
      headers: { ...merger, 'content-type': 'text/plain' },
      body: 'x',
    } as never);
    await client.POST('/api/merges/{mergeId}/undo', { params: mergePath, headers: merger });
    await client.POST('/api/merges/{mergeId}/undo', { params: mergePath, headers: merger });
    await client.POST('/api/merges/{mergeId}/undo', { params: { path: { mergeId: 'none' } }, headers: merger });
    await client.POST('/api/merges/{mergeId}/undo', { params: { path: { mergeId: 'x'.repeat(65) } }, headers: merger });

    // The staff page, sign-in links and My account (issue 28), with a session of their own.
    const owner = { cookie: await logIn() };
    const long = 'x'.repeat(65);
    const username = { path: { username: STAFF_MEMBER.username } };
    const nobody = { path: { username: 'nobody' } };
    const badName = { path: { username: long } };
    // Without a session, 401; as staff, the staff page's 403.
    await client.GET('/api/staff');
    await client.POST('/api/staff', { body: { username: 'newcomer', role: 'staff' } });
    await client.PATCH('/api/staff/{username}', { params: username, body: { role: 'owner' } });
    await client.POST('/api/staff/{username}/password-reset', { params: username });
    await client.POST('/api/staff/{username}/sign-out', { params: username });
    await client.PUT('/api/account/password', { body: { currentPassword: 'x', newPassword: 'y' } });
    await client.GET('/api/account/sessions');
    await client.DELETE('/api/account/sessions');
    await client.DELETE('/api/account/sessions/{id}', { params: { path: { id: 'x' } } });
    await client.GET('/api/staff', { headers: staffSession });
    // The staff page: 200, 201, 400, 409, 404, and the refusals of every write.
    await client.GET('/api/staff', { headers: owner });
    await client.POST('/api/staff', { body: { username: 'newcomer', role: 'staff' }, headers: owner });
    await client.POST('/api/staff', { body: { username: 'no spaces please', role: 'staff' }, headers: owner });
    await client.POST('/api/staff', { body: { username: STAFF.username, role: 'staff' }, headers: owner });
    await client.PATCH('/api/staff/{username}', { params: { path: { username: 'newcomer' } }, body: { role: 'owner' }, headers: owner });
    await client.PATCH('/api/staff/{username}', { params: badName, body: { role: 'owner' }, headers: owner });
    await client.PATCH('/api/staff/{username}', { params: nobody, body: { role: 'owner' }, headers: owner });
    await client.PATCH('/api/staff/{username}', { params: { path: { username: 'newcomer' } }, body: { role: 'staff' }, headers: owner });
    await client.PATCH('/api/staff/{username}', {
      params: { path: { username: STAFF.username } },
      body: { role: 'staff' },
      headers: owner,
    });
    const reset = await client.POST('/api/staff/{username}/password-reset', { params: { path: { username: 'newcomer' } }, headers: owner });
    await client.POST('/api/staff/{username}/password-reset', { params: badName, headers: owner });
    await client.POST('/api/staff/{username}/password-reset', { params: nobody, headers: owner });
    await client.POST('/api/staff/{username}/sign-out', { params: username, headers: owner });
    await client.POST('/api/staff/{username}/sign-out', { params: badName, headers: owner });
    await client.POST('/api/staff/{username}/sign-out', { params: nobody, headers: owner });
    const writes = [
      (init: object) => client.POST('/api/staff', { body: { username: 'another', role: 'staff' }, ...init } as never),
      (init: object) => client.PATCH('/api/staff/{username}', { params: username, body: { role: 'staff' }, ...init } as never),
      (init: object) => client.POST('/api/staff/{username}/password-reset', { params: username, ...init } as never),
      (init: object) => client.POST('/api/staff/{username}/sign-out', { params: username, ...init } as never),
      (init: object) => client.PUT('/api/account/password', { body: { currentPassword: 'x', newPassword: 'y' }, ...init } as never),
      (init: object) => client.DELETE('/api/account/sessions', init as never),
      (init: object) => client.DELETE('/api/account/sessions/{id}', { params: { path: { id: 'x' } }, ...init } as never),
      (init: object) =>
        client.POST('/welcome-links/{token}', { params: { path: { token: 'x' } }, body: { password: 'y' }, ...init } as never),
    ];
    for (const write of writes) {
      await write({ headers: { ...owner, 'sec-fetch-site': 'cross-site' } });
      await write({ headers: { ...owner, 'content-type': 'application/json' }, body: { pad: 'x'.repeat(17 * 1024) } });
      await write({ headers: { ...owner, 'content-type': 'text/plain' }, body: 'x', bodySerializer: (body: unknown) => String(body) });
    }

    // A sign-in link: whose it is, 400 for a malformed token, the password rule, set once, then 410.
    const token = { path: { token: reset.data?.path.split('/').pop() ?? '' } };
    await client.GET('/welcome-links/{token}', { params: token });
    await client.GET('/welcome-links/{token}', { params: { path: { token: long } } });
    await client.POST('/welcome-links/{token}', { params: token, body: { password: 'too short' } });
    await client.POST('/welcome-links/{token}', { params: token, body: { password: 'a quiet harbour at dawn' } });
    await client.POST('/welcome-links/{token}', { params: token, body: { password: 'a quiet harbour at dawn' } });
    await client.GET('/welcome-links/{token}', { params: token });

    // My account: the sessions, one signed out (404 once gone, 400 malformed), the others, the password.
    const other = { cookie: await logIn() };
    const sessions = await client.GET('/api/account/sessions', { headers: other });
    const otherId = sessions.data?.find((entry) => entry.current)?.id ?? '';
    await client.DELETE('/api/account/sessions/{id}', { params: { path: { id: otherId } }, headers: owner });
    await client.DELETE('/api/account/sessions/{id}', { params: { path: { id: otherId } }, headers: owner });
    await client.DELETE('/api/account/sessions/{id}', { params: { path: { id: long } }, headers: owner });
    await client.DELETE('/api/account/sessions', { headers: owner });
    await client.PUT('/api/account/password', {
      body: { currentPassword: 'not it', newPassword: 'a brand new passphrase' },
      headers: owner,
    });
    await client.PUT('/api/account/password', {
      body: { currentPassword: STAFF.password, newPassword: 'a brand new passphrase' },
      headers: owner,
    });
    // Passkeys (issue 30): 401 without a session; the options, one added (201), refused (400 by the schema and by
    // the check), listed; the setting (400 with no passkey, 204); a sign-in (200, 401, 400); the step after the
    // password (POST /login's 401 with its options) cancelled (204, 400); removed (204, 404, 400); every write's refusals.
    await client.GET('/api/account/passkeys');
    await client.POST('/api/account/passkeys/options');
    await client.POST('/api/account/passkeys', { body: { name: 'Phone', response: UNVERIFIED_REGISTRATION } });
    await client.DELETE('/api/account/passkeys/{id}', { params: { path: { id: 'x' } } });
    await client.PUT('/api/account/passkey-setting', { body: { askAfterPassword: false } });
    const keyholder = { cookie: await logIn(STAFF_MEMBER) };
    const authenticator = new SoftwareAuthenticator({ origin: `http://127.0.0.1:${test.port}` });
    await client.PUT('/api/account/passkey-setting', { body: { askAfterPassword: true }, headers: keyholder });
    const creation = await client.POST('/api/account/passkeys/options', { headers: keyholder });
    // The library's types say `string[]` where the contract names the transports.
    const registration = authenticator.register(
      creation.data as unknown as PublicKeyCredentialCreationOptionsJSON,
    ) as AddPasskeyRequest['response'];
    await client.POST('/api/account/passkeys', { body: { name: ' ', response: registration }, headers: keyholder });
    const added = await client.POST('/api/account/passkeys', { body: { name: 'Phone', response: registration }, headers: keyholder });
    expect(added.response.status).toBe(201);
    await client.POST('/api/account/passkeys', { body: { name: 'Phone', response: registration }, headers: keyholder });
    await client.GET('/api/account/passkeys', { headers: keyholder });
    await client.PUT('/api/account/passkey-setting', { body: { askAfterPassword: true }, headers: keyholder });
    const signInOptions = await client.POST('/login/passkey/options');
    const signedIn = await client.POST('/login/passkey', {
      body: authenticator.authenticate(signInOptions.data as unknown as PublicKeyCredentialRequestOptionsJSON) as AuthenticationResponse,
    });
    expect(signedIn.response.status).toBe(200);
    await client.POST('/login/passkey', { body: UNVERIFIED_ASSERTION });
    await client.POST('/login/passkey', { body: { ...UNVERIFIED_ASSERTION, id: 'not base64url!' } });
    const step = await client.POST('/login', { body: STAFF_MEMBER });
    expect(step.error).toMatchObject({ message: 'Confirm with your passkey' });
    const stepChallenge = (step.error as { passkeyOptions?: { challenge: string } }).passkeyOptions?.challenge ?? '';
    await client.POST('/login/passkey/cancel', { body: { challenge: stepChallenge } });
    await client.POST('/login/passkey/cancel', { body: { challenge: 'not base64url!' } });
    const passkeyPath = { path: { id: added.data?.id ?? '' } };
    await client.DELETE('/api/account/passkeys/{id}', { params: passkeyPath, headers: keyholder });
    await client.DELETE('/api/account/passkeys/{id}', { params: passkeyPath, headers: keyholder });
    await client.DELETE('/api/account/passkeys/{id}', { params: { path: { id: 'not an id' } }, headers: keyholder });
    const passkeyWrites = [
      (init: object) => client.POST('/api/account/passkeys/options', init as never),
      (init: object) => client.POST('/api/account/passkeys', { body: { name: 'x', response: registration }, ...init } as never),
      (init: object) => client.DELETE('/api/account/passkeys/{id}', { params: passkeyPath, ...init } as never),
      (init: object) => client.PUT('/api/account/passkey-setting', { body: { askAfterPassword: false }, ...init } as never),
      (init: object) => client.POST('/login/passkey/options', init as never),
      (init: object) => client.POST('/login/passkey', { body: UNVERIFIED_ASSERTION, ...init } as never),
      (init: object) => client.POST('/login/passkey/cancel', { body: { challenge: 'AAAA' }, ...init } as never),
    ];
    for (const write of passkeyWrites) {
      await write({ headers: { ...keyholder, 'sec-fetch-site': 'cross-site' } });
      await write({ headers: { ...keyholder, 'content-type': 'application/json' }, body: { pad: 'x'.repeat(17 * 1024) } });
      await write({ headers: { ...keyholder, 'content-type': 'text/plain' }, body: 'x', bodySerializer: (body: unknown) => String(body) });
    }

    // The book's appointments (issue 40).
    await driveAppointments(client, test, owner);
    // Online booking on the landing page (issue 41).
    await driveBooking(client, test, owner);

    // What Fastify answers before any handler (issue 38), to every operation of the document it can reach: a body that
    // is not JSON, 400, wherever it reads a body (every method but GET), to an operation that takes none too; a path
    // segment over 1,024 characters, 414, before routing, wherever the path has a parameter.
    const malformed: string[] = [];
    const tooLong: string[] = [];
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations).map((name) => name.toUpperCase())) {
        const answer = async (path: string, init: RequestInit) => {
          const response = await fetch(`http://127.0.0.1:${test.port}${path}`, { ...init, method });
          await check(method, template, response);
          return `${method} ${template}: ${response.status} ${((await response.json()) as { message?: string }).message}`;
        };
        if (method !== 'GET') {
          const headers = { ...owner, 'content-type': 'application/json' };
          malformed.push(await answer(template.replace(/\{\w+\}/g, 'x'), { headers, body: '{"firstName":' }));
        }
        if (template.includes('{')) tooLong.push(await answer(template.replace(/\{\w+\}/g, 'a'.repeat(1025)), { headers: owner }));
      }
    }
    expect(malformed.filter((line) => !line.endsWith(': 400 Request body must be valid JSON'))).toEqual([]);
    expect(tooLong.filter((line) => !line.endsWith(': 414 The URL is too long'))).toEqual([]);

    // Guessing from one address until the throttle answers: links, and the current password, wait with the sign-ins.
    for (let guess = 0; guess < 25; guess += 1) {
      const { response } = await client.GET('/welcome-links/{token}', { params: { path: { token: `guess-${guess}` } } });
      if (response.status === 429) break;
    }
    await client.POST('/welcome-links/{token}', { params: token, body: { password: 'a quiet harbour at dawn' } });
    await client.PUT('/api/account/password', { body: { currentPassword: 'x', newPassword: 'y' }, headers: owner });

    expect(problems).toEqual([]);
    const declared = Object.entries(document.paths).flatMap(([documentPath, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        Object.keys(operation.responses).map((status) => `${method.toUpperCase()} ${documentPath} ${status}`),
      ),
    );
    const notDriven = declared.filter((response) => !seen.has(response) && !(response in NOT_DRIVEN));
    expect(notDriven, 'a declared response no case here brings about: add one, or say why in NOT_DRIVEN').toEqual([]);
  }, 60_000);

  it('answers every other method of a documented path with 405 and Allow naming the documented ones', async () => {
    const { test, logIn } = await conformingClient();
    const cookie = await logIn();
    // A path can also fit another's template (/api/account/passkeys/options, /api/account/passkeys/{id}): what that
    // one documents is allowed there too.
    const templates = Object.entries(document.paths).map(([template, operations]) => ({
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      methods: Object.keys(operations).map((method) => method.toUpperCase()),
    }));
    for (const path of Object.keys(document.paths)) {
      const concrete = path.replace('{clientId}', 'someone');
      const documented = [...new Set(templates.filter(({ pattern }) => pattern.test(concrete)).flatMap(({ methods }) => methods))];
      const url = `http://127.0.0.1:${test.port}${concrete}`;
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((candidate) => !documented.includes(candidate))) {
        const response = await fetch(url, { method, headers: { cookie } });
        expect([method, path, response.status, response.headers.get('allow')]).toEqual([
          method,
          path,
          405,
          [...documented, ...(documented.includes('GET') ? ['HEAD'] : [])]
            .sort((a, b) => ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'].indexOf(a) - ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'].indexOf(b))
            .join(', '),
        ]);
        expect(await response.json()).toEqual({ message: 'Method not allowed' });
      }
    }
  });
});
