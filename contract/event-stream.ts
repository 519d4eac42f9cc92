/**
 * Reading GET /api/events (Server-Sent Events) from a fetch response's body: the same code in the server's tests, the
 * reliability suite and the benchmark (the SPA reads its stream with the `eventsource` package, decision 023). The
 * format's parsing is eventsource-parser's (chunks split anywhere, CRLF, comments).
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

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
