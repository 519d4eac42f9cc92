/**
 * GET /api/events (Server-Sent Events): what the server and the mock read of Last-Event-ID and send as headers and
 * frames; and
 * reading the stream from a fetch response's body, the same code in the server's tests, the reliability suite and the
 * benchmark (the SPA reads its stream with the `eventsource` package, decision 023). The format's parsing is
 * eventsource-parser's (chunks split anywhere, CRLF, comments).
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ApiErrorBody, ClientEvent, StreamBatch } from './api.ts';
import { refusal, type Answered } from './http.ts';

/** The answer to a Last-Event-ID that is not the id of an event of the stream (400). */
const malformedLastEventIdMessage = 'Last-Event-ID must be the id of an event of this stream';

/** The change a stream resumes after: undefined for a new stream, null when the header is not one of ours. */
export function parseLastEventId(header: string | readonly string[] | null | undefined): number | undefined | null {
  if (header === undefined || header === null || header === '') return undefined;
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header)) return null;
  return Number(header);
}

/** The change a stream resumes after (undefined: a new stream), or the 400 for a Last-Event-ID not of this stream. */
export function lastEventIdOf(header: string | readonly string[] | null | undefined): number | undefined | Answered<ApiErrorBody> {
  const after = parseLastEventId(header);
  return after === null ? refusal(400, malformedLastEventIdMessage) : after;
}

/**
 * The last event of a stream whose session was ended elsewhere: the account disabled, signed out by an owner or from
 * another device, its password changed, the time-out. The tab signs out at once, rather than at its next reconnection
 * (3 s later). A stream ended by its own Sign Out ends without it.
 */
export const SESSION_ENDED_EVENT = 'ended';

/** The headers of a stream that opens: GET's, and HEAD's without the stream. */
export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const;

/** One event in the stream's format: `id:` (when it has one), `event:`, `data:` (JSON), and the blank line that ends it. */
export function eventFrame(event: string, data: string, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`;
}

/** An item of the change log as the streams send it: one change, or a batch of them (an import, a merge, an undo) as one. */
export type LogItem = { event: 'change'; change: ClientEvent } | { event: 'batch'; batch: StreamBatch };

/**
 * A log item ready to send: its event's name, its seq (a client change's `id:`; a batch's last) and its JSON, made once
 * for every stream.
 */
export type FeedChange = { seq: number; event: string; json: string };

export const feedChange = (item: LogItem): FeedChange =>
  item.event === 'change'
    ? { seq: item.change.seq, event: 'change', json: JSON.stringify(item.change) }
    : { seq: item.batch.seq, event: 'batch', json: JSON.stringify(item.batch) };

/** A `change` event, or a `batch` one (an import, a merge, an undo: one event for all its changes). */
export const feedFrame = (change: FeedChange): string => eventFrame(change.event, change.json, change.seq);

/**
 * The book's event (issue 40): an appointment booked, moved, cancelled or restored, its data an `AppointmentEvent`
 * (contract/appointments.ts). Sent live only and without an `id:`, so that Last-Event-ID stays the clients' log
 * position: a stream that reconnects may have missed some, and its `ready` has the screen ask for the book again.
 */
export const APPOINTMENT_EVENT = 'appointment';

/** An `appointment` event, without an `id:`. */
export const appointmentFrame = (change: FeedChange): string => eventFrame(APPOINTMENT_EVENT, change.json);

/** `reset` (the log cannot replay what was missed: refetch) or `ready` (live from here): the log's position. */
const positionFrame = (event: 'reset' | 'ready', seq: number): string => eventFrame(event, JSON.stringify({ seq }), seq);

/** What a stream sends first: the changes it missed, or `reset` when the log cannot give them; then `ready`. */
export const openingFrames = (missed: readonly FeedChange[] | 'reset', position: number): string[] => [
  ...(missed === 'reset' ? [positionFrame('reset', position)] : missed.map(feedFrame)),
  positionFrame('ready', position),
];

export type StreamMessage = { event: string; id: string | undefined; data: string };

/**
 * Hands each event of `body` to `onMessage` (`event` is "message" when the stream named none) and each comment (the
 * heartbeat) to `onComment`; resolves when the stream ends, rejects when it breaks or is aborted.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onMessage: (message: StreamMessage) => void,
  onComment: () => void = () => {},
): Promise<void> {
  const parser = createParser({
    onEvent: ({ event, id, data }: EventSourceMessage) => onMessage({ event: event ?? 'message', id, data }),
    onComment,
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}
