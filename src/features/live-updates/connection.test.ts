/**
 * The stream's connection (decision 023), against a GET /api/events whose answers each test chooses: a 401 ends it,
 * and so does an `ended` event at once; a 429 or 503 is waited out for its Retry-After, a drop reconnects with
 * Last-Event-ID and says "Reconnecting…" after 5 s, and a tab hidden for a minute closes its stream and catches up
 * when shown. Fake clocks: no test waits.
 */
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client, ClientEvent } from '#contract/api';
import { server } from '#mocks/node.ts';
import { clientKeys } from '../clients/api/client-queries.ts';
import { connectLiveUpdates } from './connection.ts';
import { liveStoreOf } from './live-store.ts';

const nina: Client = {
  _id: 'c-nina',
  firstName: 'Nina',
  lastName: 'Petrova',
  email: 'nina@example.com',
  registrationDateTime: '2024-05-01T10:30:00.000Z',
};

const updated = (seq: number, lastName: string): ClientEvent => ({
  seq,
  clientId: nina._id,
  version: seq,
  kind: 'updated',
  by: 'colleague',
  at: '2026-11-25T10:00:00.000Z',
  client: { ...nina, lastName },
});

/**
 * GET /api/events answering with `answers` in turn (a stream once they run out); `requests` holds each request's
 * Last-Event-ID, and `send` and `drop` act on the newest stream.
 */
function eventsEndpoint(answers: (() => Response)[] = []) {
  const requests: (string | null)[] = [];
  const streams: { controller: ReadableStreamDefaultController<Uint8Array>; signal: AbortSignal }[] = [];
  server.use(
    http.get('*/api/events', ({ request }) => {
      requests.push(request.headers.get('last-event-id'));
      const answer = answers.shift();
      if (answer) return answer();
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => void streams.push({ controller, signal: request.signal }),
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
    }),
  );
  const newest = () => {
    const stream = streams.at(-1);
    if (!stream) throw new Error('No stream is open');
    return stream;
  };
  return {
    requests,
    newest,
    send(event: string, id: number, data: unknown) {
      newest().controller.enqueue(new TextEncoder().encode(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    drop: () => newest().controller.error(new TypeError('The network dropped the stream')),
    /** Ends the stream as the server does, after a last event without an id. */
    endWith(event: string, data: unknown) {
      newest().controller.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      newest().controller.close();
    },
  };
}

const refusal = (status: number, retryAfter?: string) => () =>
  HttpResponse.json({ message: 'refused' }, { status, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } });

/** Lets the requests and responses that are due go through (they take promise turns, not time). */
const settle = () => vi.advanceTimersByTimeAsync(1);

let queryClient: QueryClient;
let onUnauthorized: () => void;
let disconnect: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  onUnauthorized = vi.fn();
});
afterEach(() => {
  disconnect?.();
  disconnect = undefined;
  vi.useRealTimers();
});

const connect = () => {
  disconnect = connectLiveUpdates({ queryClient, onUnauthorized });
};

describe('the event stream’s connection', () => {
  it('a 401 ends it: the app is told once, and it does not try again', async () => {
    const endpoint = eventsEndpoint([refusal(401)]);
    connect();
    await settle();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(endpoint.requests).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(liveStoreOf(queryClient).reconnecting).toBe(false);
  });

  it('an `ended` event (the session ended elsewhere) is a 401 at once, not at the reconnection 3 s later', async () => {
    const endpoint = eventsEndpoint();
    connect();
    await settle();
    endpoint.send('ready', 3, { seq: 3 });
    endpoint.endWith('ended', {});
    await settle();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(endpoint.requests).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it.each([
    { status: 429, retryAfter: '40', waitMs: 40_000, wait: '40 s (its Retry-After)' },
    { status: 503, retryAfter: '7', waitMs: 7000, wait: '7 s (its Retry-After)' },
    { status: 503, retryAfter: undefined, waitMs: 30_000, wait: '30 s (no Retry-After)' },
  ])('a $status: no new stream for $wait, then one that resumes after the last event', async ({ status, retryAfter, waitMs }) => {
    const endpoint = eventsEndpoint();
    connect();
    await settle();
    endpoint.send('ready', 3, { seq: 3 });
    endpoint.drop();
    endpoint.requests.length = 0;
    server.use(
      http.get(
        '*/api/events',
        ({ request }) => (endpoint.requests.push(request.headers.get('last-event-id')), refusal(status, retryAfter)()),
        { once: true },
      ),
    );

    // The package's own reconnection after the drop (3 s) meets the refusal.
    await vi.advanceTimersByTimeAsync(3000);
    await settle();
    expect(endpoint.requests).toEqual(['3']);

    await vi.advanceTimersByTimeAsync(waitMs - 100);
    expect(endpoint.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await settle();
    expect(endpoint.requests).toEqual(['3', '3']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a drop: "Reconnecting…" after 5 s down, then the missed change from Last-Event-ID, and the status goes', async () => {
    queryClient.setQueryData(clientKeys.lists(), [nina]);
    const store = liveStoreOf(queryClient);
    const endpoint = eventsEndpoint();
    connect();
    await settle();
    endpoint.send('ready', 3, { seq: 3 });
    endpoint.send('change', 4, updated(4, 'Seen'));
    await settle();
    expect(queryClient.getQueryData(clientKeys.lists())).toEqual([{ ...nina, lastName: 'Seen' }]);

    // The network goes: the stream drops, and the next attempt fails too.
    server.use(
      http.get('*/api/events', ({ request }) => (endpoint.requests.push(request.headers.get('last-event-id')), HttpResponse.error()), {
        once: true,
      }),
    );
    endpoint.drop();
    await vi.advanceTimersByTimeAsync(4900);
    expect(store.reconnecting).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(store.reconnecting).toBe(true);

    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(endpoint.requests).toEqual([null, '4', '4']);
    endpoint.send('change', 5, updated(5, 'Missed'));
    endpoint.send('ready', 5, { seq: 5 });
    await settle();
    expect(queryClient.getQueryData(clientKeys.lists())).toEqual([{ ...nina, lastName: 'Missed' }]);
    expect(store.reconnecting).toBe(false);
  });

  it('a `batch` (a colleague’s import or its undo) asks for the list again, once, and the stream resumes after it', async () => {
    queryClient.setQueryData(clientKeys.lists(), [nina]);
    const endpoint = eventsEndpoint();
    connect();
    await settle();
    endpoint.send('ready', 3, { seq: 3 });
    await settle();
    // The first stream's refetch done.
    queryClient.setQueryData(clientKeys.lists(), [nina]);
    expect(queryClient.getQueryState(clientKeys.lists())?.isInvalidated).toBe(false);

    endpoint.send('batch', 10_003, { seq: 10_003, count: 10_000 });
    await settle();
    expect(queryClient.getQueryState(clientKeys.lists())?.isInvalidated).toBe(true);

    endpoint.requests.length = 0;
    endpoint.drop();
    await vi.advanceTimersByTimeAsync(3000);
    await settle();
    expect(endpoint.requests).toEqual(['10003']);
  });

  it('a tab hidden for a minute closes its stream, and when shown resumes from the last event', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const endpoint = eventsEndpoint();
    connect();
    await settle();
    endpoint.send('ready', 3, { seq: 3 });
    document.dispatchEvent(new Event('visibilitychange'));

    await vi.advanceTimersByTimeAsync(59_000);
    expect(endpoint.newest().signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(endpoint.newest().signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(endpoint.requests).toEqual([null]);

    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(endpoint.requests).toEqual([null, '3']);
  });
});
