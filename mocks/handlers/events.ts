/**
 * GET /api/events in the mock: the store's change log as the server streams it (a `change` per write, replay from
 * Last-Event-ID or `reset`, then `ready`), so that `salonMock.colleague`'s changes arrive live on screen.
 *
 * A plain handler with a ReadableStream rather than msw's `sse()`: `sse()` gives no notice when the page drops the
 * stream (its ReadableStream has no `cancel`, so the store would keep writing to it), and cannot be made where there is
 * no EventSource (the tests' jsdom). The SPA reads it with fetch either way.
 */
import { http } from 'msw';
import type { ClientChange, ClientEvent } from '#contract/api';
import { EVENT_STREAM_HEADERS, malformedLastEventIdMessage, parseLastEventId } from '#contract/event-stream';
import { mockDb } from '../db.ts';
import { isOn, onScenarioChange } from '../scenarios.ts';
import { errorResponse, requireSession } from './respond.ts';

const toEvent = ({ seq, clientId, version, kind, by, at, after }: ClientChange): ClientEvent => ({
  seq,
  clientId,
  version,
  kind,
  by,
  at,
  client: after && { _id: clientId, ...after },
});

const frame = (event: string, id: number, data: unknown) => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** As the server: 401 without a session, then 400 for a Last-Event-ID not of this stream. */
const refusal = (request: Request) =>
  requireSession() ??
  (parseLastEventId(request.headers.get('last-event-id')) === null ? errorResponse(400, malformedLastEventIdMessage) : undefined);

export const eventHandlers = [
  http.get('*/api/events', ({ request }) => {
    const refused = refusal(request);
    if (refused) return refused;
    const after = parseLastEventId(request.headers.get('last-event-id'));
    const encoder = new TextEncoder();
    let stop = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (text: string) => controller.enqueue(encoder.encode(text));
        const head = mockDb.head();
        if (typeof after === 'number') {
          const missed = mockDb.changes().filter((entry) => entry.seq > after);
          // Ahead of the log (the store was reset), or behind an import: the screen refetches.
          if (after > head || missed.some((change) => change.kind === 'imported')) send(frame('reset', head, { seq: head }));
          else for (const change of missed) send(frame('change', change.seq, toEvent(change)));
        }
        send(frame('ready', head, { seq: head }));
        const unsubscribe = mockDb.onChange((change) => send(frame('change', change.seq, toEvent(change))));
        // An import or its undo: one refresh, not an event per client.
        const unsubscribeBatch = mockDb.onBatch((seq) => send(frame('reset', seq, { seq })));
        // `events-down` drops the streams already open too, as a network fault would.
        const unwatch = onScenarioChange(() => {
          if (!isOn('events-down')) return;
          stop();
          controller.error(new TypeError('The mock scenario events-down dropped the stream'));
        });
        stop = () => {
          unsubscribe();
          unsubscribeBatch();
          unwatch();
        };
      },
      cancel: () => stop(),
    });
    return new Response(body, { headers: EVENT_STREAM_HEADERS });
  }),

  // As the server: GET's answer without the stream.
  http.head('*/api/events', ({ request }) => refusal(request) ?? new Response(null, { headers: EVENT_STREAM_HEADERS })),
];
