/**
 * GET /api/events in the mock: the store's change log as the server streams it (a `change` per write, a `batch` per
 * import or undo, replay from Last-Event-ID or `reset`, then `ready`), so that `salonMock.colleague`'s changes arrive live on screen.
 *
 * A plain handler with a ReadableStream rather than msw's `sse()`: `sse()` gives no notice when the page drops the
 * stream (its ReadableStream has no `cancel`, so the store would keep writing to it), and cannot be made where there is
 * no EventSource (the tests' jsdom). The SPA reads it with fetch either way.
 */
import { http } from 'msw';
import type { ClientChange, ClientEvent, StreamBatch } from '#contract/api';
import { EVENT_STREAM_HEADERS, malformedLastEventIdMessage, parseLastEventId } from '#contract/event-stream';
import { mockDb, type MockBatch } from '../db.ts';
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

const batchEvent = ({ from, to }: MockBatch): StreamBatch => ({ seq: to, count: to - from + 1 });

/** The log after `after` as the server replays it: a `change` per write, a `batch` per import or undo. */
function replay(after: number): Array<['change' | 'batch', number, ClientEvent | StreamBatch]> {
  const batches = mockDb.batches().filter((batch) => batch.to > after);
  const events: Array<['change' | 'batch', number, ClientEvent | StreamBatch]> = [];
  const sent = new Set<MockBatch>();
  for (const change of mockDb.changes().filter((entry) => entry.seq > after)) {
    const batch = batches.find(({ from, to }) => change.seq >= from && change.seq <= to);
    if (!batch) events.push(['change', change.seq, toEvent(change)]);
    // Once, where its first entry was (an erasure since may have taken its last out of the log).
    else if (!sent.has(batch)) {
      sent.add(batch);
      events.push(['batch', batch.to, batchEvent(batch)]);
    }
  }
  return events;
}

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
          // Ahead of the log (the store was reset): the screen refetches.
          if (after > head) send(frame('reset', head, { seq: head }));
          else for (const [event, seq, data] of replay(after)) send(frame(event, seq, data));
        }
        send(frame('ready', head, { seq: head }));
        const unsubscribe = mockDb.onChange((change) => send(frame('change', change.seq, toEvent(change))));
        // An import or its undo: one refresh, not an event per client.
        const unsubscribeBatch = mockDb.onBatch((batch) => send(frame('batch', batch.to, batchEvent(batch))));
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
