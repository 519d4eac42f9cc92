import type { ClientEvent, StreamBatch } from '#contract/api';
import { onTestFinished, vi } from 'vitest';
import { readEventStream, type FeedChange, type StreamMessage } from '#contract/event-stream';
import { mockDb } from '../db.ts';

/** For the mock's tests: what its GET /api/events replays after `after` (Last-Event-ID), up to `ready`, as [event, data]. */
export async function replayedAfter(after: number): Promise<Array<[string | undefined, unknown]>> {
  const controller = new AbortController();
  const response = await fetch('http://localhost/api/events', { headers: { 'Last-Event-ID': String(after) }, signal: controller.signal });
  const reader = response.body?.getReader();
  let text = '';
  while (reader && !text.includes('event: ready')) text += new TextDecoder().decode((await reader.read()).value);
  controller.abort();
  return [...text.matchAll(/event: (\w+)\ndata: (.*)/g)].map(([, event, data]) => [event, JSON.parse(data ?? '') as unknown]);
}

/** For the mock's tests: what the streams are told while `act` runs (after what one from `after` is replayed), parsed. */
export async function toldWhile(act: () => Promise<unknown>, after?: number) {
  const items: FeedChange[] = [];
  const stop = await (
    await mockDb.feeds()
  ).clients.subscribe(after, {
    open: (missed) => items.push(...(missed === 'reset' ? [] : missed)),
    change: (item) => items.push(item),
  });
  try {
    await act();
  } finally {
    stop();
  }
  return {
    changes: items.flatMap(({ event, json }) => (event === 'change' ? [JSON.parse(json) as ClientEvent] : [])),
    batches: items.flatMap(({ event, json }) => (event === 'batch' ? [JSON.parse(json) as StreamBatch] : [])),
  };
}

/** For the mock's tests: its GET /api/events as it comes; `until(event, count)` waits for that many of an event (2 s). */
export async function openMockStream() {
  const controller = new AbortController();
  onTestFinished(() => controller.abort());
  const response = await fetch('http://localhost/api/events', { signal: controller.signal });
  const messages: StreamMessage[] = [];
  if (response.body) readEventStream(response.body, (message) => messages.push(message)).catch(() => {});
  const until = (event: string, count: number) =>
    vi.waitFor(
      () => {
        const arrived = messages.filter((message) => message.event === event);
        if (arrived.length < count) throw new Error(`${arrived.length} of ${count} ${event} events so far`);
        return arrived;
      },
      { timeout: 2000, interval: 10 },
    );
  return { until };
}
