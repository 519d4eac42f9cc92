/**
 * GET /api/events in the mock: the store's change log as the server streams it (a `change` per write, a `batch` per
 * batch, replay from Last-Event-ID or `reset`, then `ready`), so that `salonMock.colleague`'s changes arrive live. A
 * plain handler with a ReadableStream rather than msw's `sse()`, which has no notice when the page drops the stream and
 * needs an EventSource (the tests' jsdom has none); the SPA reads it with fetch either way.
 */
import type { ClientChange } from '#contract/api';
import { EVENT_STREAM_HEADERS, feedChange, feedFrame, lastEventIdOf, positionFrame } from '#contract/event-stream';
import { mockDb, type MockBatch } from '../db.ts';
import { isOn, onScenarioChange } from '../scenarios.ts';
import { respond, route } from './respond.ts';

const changeFrame = ({ seq, clientId, version, kind, by, at, after }: ClientChange) =>
  feedFrame(
    feedChange({ event: 'change', change: { seq, clientId, version, kind, by, at, client: after && { _id: clientId, ...after } } }),
  );
const batchFrame = ({ from, to }: MockBatch) => feedFrame(feedChange({ event: 'batch', batch: { seq: to, count: to - from + 1 } }));

/** The log after `after` as the server replays it: a `change` per write, one `batch` per batch where its first entry is. */
function replay(after: number): string[] {
  const sent = new Set<MockBatch>();
  return mockDb.changes().flatMap((change) => {
    const batch = mockDb.batches().find(({ from, to }) => change.seq >= from && change.seq <= to);
    if (change.seq <= after || (batch && sent.has(batch))) return [];
    if (!batch) return [changeFrame(change)];
    sent.add(batch);
    return [batchFrame(batch)];
  });
}

export const eventHandlers = [
  route('GET /api/events', ({ request }) => {
    // As the server: 400 for a Last-Event-ID not of this stream (after the session's 401).
    const after = lastEventIdOf(request.headers.get('last-event-id'));
    if (typeof after === 'object') return respond(request, after);
    const encoder = new TextEncoder();
    let stop = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (text: string) => controller.enqueue(encoder.encode(text));
        const head = mockDb.head();
        // Ahead of the log (the store was reset): the screen refetches.
        if (typeof after === 'number') (after > head ? [positionFrame('reset', head)] : replay(after)).forEach(send);
        send(positionFrame('ready', head));
        const unsubscribe = [mockDb.onChange((change) => send(changeFrame(change))), mockDb.onBatch((batch) => send(batchFrame(batch)))];
        // `events-down` drops the streams already open too, as a network fault would.
        const unwatch = onScenarioChange(() => {
          if (!isOn('events-down')) return;
          stop();
          controller.error(new TypeError('The mock scenario events-down dropped the stream'));
        });
        stop = () => [...unsubscribe, unwatch].forEach((end) => end());
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
