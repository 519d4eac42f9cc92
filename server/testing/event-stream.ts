/** A client of GET /api/events on a real socket, for the tests: what arrived, and waiting for what should. */
import { onTestFinished, vi } from 'vitest';
import { ClientEvent, StreamBatch, StreamPosition } from '#contract/api';
import { AppointmentEvent } from '#contract/appointments';
import { APPOINTMENT_EVENT, readEventStream, type StreamMessage } from '#contract/event-stream';

export type OpenedStream = {
  response: Response;
  messages: StreamMessage[];
  /** The `change` events so far, parsed. */
  changes(): ClientEvent[];
  /** Waits until `count` change events have arrived (2 s), and returns them. */
  untilChanges(count: number): Promise<ClientEvent[]>;
  /** The `batch` events so far (an import, its undo), parsed. */
  batches(): StreamBatch[];
  /** Waits until `count` batch events have arrived (2 s), and returns them. */
  untilBatches(count: number): Promise<StreamBatch[]>;
  /** Waits until `count` `appointment` events have arrived (2 s), and returns them. */
  untilAppointments(count: number): Promise<AppointmentEvent[]>;
  /** Waits for the `ready` event (2 s) and returns its position. */
  ready(): Promise<number>;
  /** Settles when the server ends the stream (rejects when it breaks). */
  ended: Promise<void>;
  close(): void;
};

export async function openEventStream(port: number, cookie: string, lastEventId?: string): Promise<OpenedStream> {
  const abort = new AbortController();
  onTestFinished(() => abort.abort());
  const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
    headers: { cookie, accept: 'text/event-stream', ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) },
    signal: abort.signal,
  });
  const messages: StreamMessage[] = [];
  const ended = response.body && response.ok ? readEventStream(response.body, (message) => messages.push(message)) : Promise.resolve();
  ended.catch(() => {});
  /** The events named `event` so far, parsed by `schema`. */
  const parsed = <T>(event: string, schema: { parse(data: unknown): T }) =>
    messages.filter((message) => message.event === event).map((message) => schema.parse(JSON.parse(message.data)));
  /** Waits until `count` of them have arrived (2 s), and returns them. */
  const until = <T>(event: string, schema: { parse(data: unknown): T }, count: number) =>
    vi.waitFor(
      () => {
        const arrived = parsed(event, schema);
        if (arrived.length < count) throw new Error(`${arrived.length} of ${count} ${event} events so far`);
        return arrived;
      },
      { timeout: 2000, interval: 10 },
    );
  return {
    response,
    messages,
    changes: () => parsed('change', ClientEvent),
    batches: () => parsed('batch', StreamBatch),
    untilChanges: (count) => until('change', ClientEvent, count),
    untilBatches: (count) => until('batch', StreamBatch, count),
    untilAppointments: (count) => until(APPOINTMENT_EVENT, AppointmentEvent, count),
    ready: () =>
      vi.waitFor(
        () => {
          const ready = messages.find((message) => message.event === 'ready');
          if (!ready)
            throw new Error(
              `No ready event yet (status ${response.status}, events: ${messages.map((message) => message.event).join(', ')})`,
            );
          return StreamPosition.parse(JSON.parse(ready.data)).seq;
        },
        { timeout: 2000, interval: 10 },
      ),
    ended,
    close: () => abort.abort(),
  };
}
