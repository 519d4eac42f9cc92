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

/**
 * The log after `after` up to `head` as the server replays it: a `change` per write, one `batch` per batch where its
 * first entry is.
 */
async function replay(after: number, head: number): Promise<string[]> {
  const [changes, batches] = [await mockDb.changes(), await mockDb.batches()];
  const sent = new Set<MockBatch>();
  return changes.flatMap((change) => {
    const batch = batches.find(({ from, to }) => change.seq >= from && change.seq <= to);
    if (change.seq <= after || change.seq > head || (batch && sent.has(batch))) return [];
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
      async start(controller) {
        const send = (text: string) => controller.enqueue(encoder.encode(text));
        // Subscribed before the log is read, so that no change written meanwhile is lost: the live frames wait, each
        // with its seq (a batch's last), until the replay and `ready` are sent.
        let waiting: Array<[seq: number, frame: string]> | null = [];
        const live = (seq: number, frame: string) => (waiting ? waiting.push([seq, frame]) : send(frame));
        const unsubscribe = [
          mockDb.onChange((change) => live(change.seq, changeFrame(change))),
          mockDb.onBatch((batch) => live(batch.to, batchFrame(batch))),
        ];
        // `events-down` drops the streams already open too, as a network fault would.
        const unwatch = onScenarioChange(() => {
          if (!isOn('events-down')) return;
          stop();
          controller.error(new TypeError('The mock scenario events-down dropped the stream'));
        });
        let stopped = false;
        stop = () => {
          stopped = true;
          [...unsubscribe, unwatch].forEach((end) => end());
        };
        const head = await mockDb.head();
        // Ahead of the log (the store was reset): the screen refetches.
        const replayed = typeof after !== 'number' ? [] : after > head ? [positionFrame('reset', head)] : await replay(after, head);
        if (stopped) return;
        const written = waiting.flatMap(([seq, frame]) => (seq > head ? [frame] : []));
        waiting = null;
        [...replayed, positionFrame('ready', head), ...written].forEach(send);
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
