/**
 * GET /api/events in the mock: the server's feeds on the store's logs (server/events/stream-feeds.ts), as the server
 * streams them (a `change` per write, a `batch` per batch, replay from Last-Event-ID or `reset`, then `ready`; an
 * `appointment` per write of the book), so that `salonMock.colleague`'s changes arrive live. A plain handler with a ReadableStream rather than msw's `sse()`,
 * which has no notice when the page drops the stream and needs an EventSource (the tests' jsdom has none); the SPA
 * reads it with fetch either way.
 */
import { EVENT_STREAM_HEADERS, lastEventIdOf } from '#contract/event-stream';
import { subscribeStream } from '#server/events/stream-feeds.ts';
import { mockDb } from '../db.ts';
import { isOn, onScenarioChange } from '../scenarios.ts';
import { respond, route } from './respond.ts';

export const eventHandlers = [
  route('GET /api/events', ({ request }) => {
    // As the server: 400 for a Last-Event-ID not of this stream (after the session's 401).
    const after = lastEventIdOf(request.headers.get('last-event-id'));
    if (typeof after === 'object') return respond(request, after);
    const encoder = new TextEncoder();
    let stopped = false;
    let stop = () => {
      stopped = true;
    };
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (text: string) => {
          if (!stopped) controller.enqueue(encoder.encode(text));
        };
        // `events-down` drops the streams already open too, as a network fault would.
        const unwatch = onScenarioChange(() => {
          if (!isOn('events-down')) return;
          stop();
          controller.error(new TypeError('The mock scenario events-down dropped the stream'));
        });
        const unsubscribe = await subscribeStream(await mockDb.feeds(), after, send);
        const end = () => [unsubscribe, unwatch].forEach((ending) => ending());
        if (stopped) end();
        else {
          stop = () => {
            stopped = true;
            end();
          };
        }
      },
      cancel: () => stop(),
    });
    return new Response(body, { headers: EVENT_STREAM_HEADERS });
  }),

  // As the server: GET's answer without the stream.
  route('HEAD /api/events', ({ request }) => {
    const after = lastEventIdOf(request.headers.get('last-event-id'));
    return typeof after === 'object' ? respond(request, after) : new Response(null, { headers: EVENT_STREAM_HEADERS });
  }),
];
