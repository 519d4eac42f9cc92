/**
 * GET /api/events (issue 19): the change log streamed, replayed from Last-Event-ID or reset, ended with its session,
 * and bounded.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '#contract/api';
import { openEventStream } from '../testing/event-stream.ts';
import { aClient, asStaff, createClient, listeningTestApp, logIn, STAFF, type TestAppOptions } from '../testing/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

async function listening(options?: TestAppOptions) {
  const test = await listeningTestApp(options);
  const cookie = await logIn(test.app);
  return Object.assign(test, { cookie });
}

describe('GET /api/events', () => {
  it('needs a session: 401 without one', async () => {
    const test = await listening();
    const response = await test.app.inject({ method: 'GET', url: '/api/events' });
    expect(response.statusCode).toBe(401);
  });

  it('opens with ready at the log’s newest change, then sends each change as it is committed', async () => {
    const test = await listening();
    const before = await createClient(test);
    const stream = await openEventStream(test.port, test.cookie);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    const head = await stream.ready();
    expect(head).toBeGreaterThan(0);

    const created = await createClient(test, { ...aClient, firstName: 'Bea' });
    await asStaff(test, 'PUT', `/api/clients/${before._id}`, { payload: { ...aClient, lastName: 'Renamed' } });
    await asStaff(test, 'DELETE', `/api/clients/${created._id}`);
    await asStaff(test, 'POST', `/api/clients/${created._id}/restore`);
    await asStaff(test, 'POST', `/api/clients/${before._id}/erase`);
    const changes = await stream.untilChanges(5);
    expect(changes.map((change) => [change.kind, change.clientId, change.version])).toEqual([
      ['registered', created._id, 1],
      ['updated', before._id, 2],
      ['deleted', created._id, 2],
      ['restored', created._id, 3],
      ['erased', before._id, 3],
    ]);
    expect(changes[0]).toEqual({
      seq: head + 1,
      clientId: created._id,
      version: 1,
      kind: 'registered',
      by: STAFF.username,
      at: expect.any(String),
      client: created,
    });
    expect(changes[1]?.client).toEqual({ ...before, lastName: 'Renamed' });
    expect(changes[2]?.client).toBeNull();
    expect(changes[4]?.client).toBeNull();
    // Each event's id is its seq, in order.
    const ids = stream.messages.filter((message) => message.event === 'change').map((message) => Number(message.id));
    expect(ids).toEqual(changes.map((change) => change.seq));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('replays what was missed after Last-Event-ID, then goes on live, each change once', async () => {
    const test = await listening();
    const first = await openEventStream(test.port, test.cookie);
    const start = await first.ready();
    first.close();
    const missed: Client[] = [];
    for (const firstName of ['Ann', 'Bo', 'Cy']) missed.push(await createClient(test, { ...aClient, firstName }));

    const stream = await openEventStream(test.port, test.cookie, String(start));
    const ready = await stream.ready();
    expect(stream.changes().map((change) => change.client?.firstName)).toEqual(['Ann', 'Bo', 'Cy']);
    expect(ready).toBe(stream.changes().at(-1)?.seq);
    await createClient(test, { ...aClient, firstName: 'Di' });
    expect((await stream.untilChanges(4)).map((change) => change.client?.firstName)).toEqual(['Ann', 'Bo', 'Cy', 'Di']);
  });

  it('says reset instead when the log cannot replay: ahead of it, too far behind, or purged past it', async () => {
    const test = await listening({ config: { events: { replayLimit: 2 } } });
    const ahead = await openEventStream(test.port, test.cookie, '999999');
    const head = await ahead.ready();
    expect(ahead.messages.map((message) => message.event)).toEqual(['reset', 'ready']);
    expect(ahead.messages[0]?.id).toBe(String(head));

    for (const firstName of ['Ann', 'Bo', 'Cy']) await createClient(test, { ...aClient, firstName });
    const behind = await openEventStream(test.port, test.cookie, String(head));
    expect(await behind.ready()).toBe(head + 3);
    expect(behind.messages.map((message) => message.event)).toEqual(['reset', 'ready']);

    // Purged: the deleted client's entries are gone, and a replay from before them would miss its deletion.
    const gone = await createClient(test, { ...aClient, firstName: 'Gone' });
    const beforeDeletion = await (await openEventStream(test.port, test.cookie)).ready();
    await asStaff(test, 'DELETE', `/api/clients/${gone._id}`);
    const kept = await createClient(test, { ...aClient, firstName: 'Kept' });
    test.clock.advance(31 * DAY_MS);
    expect(await test.app.clientStore.purgeDeleted(30)).toBe(1);
    test.cookie = await logIn(test.app);
    const purged = await openEventStream(test.port, test.cookie, String(beforeDeletion));
    await purged.ready();
    expect(purged.messages.map((message) => message.event)).toEqual(['reset', 'ready']);
    // From after the purged entries, the replay is whole again.
    const afterPurged = await openEventStream(test.port, test.cookie, String(beforeDeletion + 1));
    await afterPurged.ready();
    expect(afterPurged.changes().map((change) => change.clientId)).toEqual([kept._id]);
  });

  it('refuses a Last-Event-ID that is not one of its ids with 400', async () => {
    const test = await listening();
    for (const lastEventId of ['abc', '-1', '1.5', '12345678901234567890']) {
      const response = await asStaff(test, 'GET', '/api/events', { headers: { 'last-event-id': lastEventId } });
      expect(response.statusCode, lastEventId).toBe(400);
      expect(response.json()).toEqual({ message: 'Last-Event-ID must be the id of an event of this stream' });
    }
  });

  it('ends with its session: Sign Out here at once, a password change or the idle time-out at the next check', async () => {
    const test = await listening({ config: { events: { sessionCheckMs: 50 } } });
    const signedOut = await openEventStream(test.port, test.cookie);
    await signedOut.ready();
    expect((await asStaff(test, 'POST', '/logout')).statusCode).toBe(204);
    await signedOut.ended;

    const passwordChanged = await openEventStream(test.port, await logIn(test.app));
    await passwordChanged.ready();
    await test.app.staffAccounts.changePassword(STAFF.username, 'a brand new password');
    await passwordChanged.ended;

    const idle = await openEventStream(test.port, await logIn(test.app, { username: STAFF.username, password: 'a brand new password' }));
    await idle.ready();
    test.clock.advance(31 * 60_000);
    await idle.ended;
    expect(test.app.eventStreams.count()).toBe(0);
  });

  it('bounds the streams: per session 429, per instance 503, each with Retry-After, and a closed stream frees its place', async () => {
    const test = await listening({ config: { events: { perSession: 2, perInstance: 3 } } });
    const streams = [await openEventStream(test.port, test.cookie), await openEventStream(test.port, test.cookie)];
    const third = await openEventStream(test.port, test.cookie);
    expect(third.response.status).toBe(429);
    expect(third.response.headers.get('retry-after')).toBe('30');
    expect(await third.response.json()).toEqual({ message: 'Too many event streams are open for this session' });

    const other = await logIn(test.app);
    await openEventStream(test.port, other);
    const refused = await openEventStream(test.port, other);
    expect(refused.response.status).toBe(503);
    expect(await refused.response.json()).toEqual({ message: 'Too many event streams are open on this server; try again shortly' });

    streams[0]?.close();
    await expect.poll(() => test.app.eventStreams.count()).toBe(2);
    expect((await openEventStream(test.port, test.cookie)).response.status).toBe(200);
  });

  it('ends every stream when the server closes', async () => {
    const test = await listening();
    const stream = await openEventStream(test.port, test.cookie);
    await stream.ready();
    await test.app.close();
    await stream.ended;
  });
});
