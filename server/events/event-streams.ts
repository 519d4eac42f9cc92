/**
 * The open event streams of this instance: how many each session and the instance may hold, their heartbeat, the
 * slow reader's bound, and their end with their session (Sign Out here at once; elsewhere, a password change or the
 * idle time-out at the next check, saying so with a last `ended` event).
 */
import { SESSION_ENDED_EVENT, eventFrame } from '#contract/event-stream';

export type StreamLimits = {
  /** Streams one session may hold at once (its browser's tabs): the next gets 429. */
  perSession: number;
  /** Streams this instance holds at most: the next gets 503. */
  perInstance: number;
  /** A comment this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** A reader this many bytes behind is disconnected (it catches up from the log when it reconnects). */
  maxBufferedBytes: number;
  /** How often the streams' sessions are checked against the database (at once after a Sign Out here). */
  sessionCheckMs: number;
};

/** What a stream writes to: the response's body. */
export type StreamSink = {
  write(text: string): void;
  /** Bytes written and not yet taken by the network. */
  buffered(): number;
  /** Ends the stream after what was written. */
  end(): void;
  /** Drops the connection at once (a reader too far behind would never take the rest). */
  destroy(): void;
};

type OpenStream = { tokenHash: string; sink: StreamSink };

/** The last event of a stream whose session ended elsewhere (an event needs data to be dispatched). */
const SESSION_ENDED = eventFrame(SESSION_ENDED_EVENT, '{}');

export function createEventStreams(limits: StreamLimits, liveAmong: (tokenHashes: readonly string[]) => Promise<Set<string>>) {
  const open = new Set<OpenStream>();
  const perSession = new Map<string, number>();
  let checking: Promise<void> | undefined;

  function close(stream: OpenStream, how: 'end' | 'destroy' = 'end'): void {
    if (!open.delete(stream)) return;
    const count = (perSession.get(stream.tokenHash) ?? 1) - 1;
    if (count === 0) perSession.delete(stream.tokenHash);
    else perSession.set(stream.tokenHash, count);
    stream.sink[how]();
  }

  /** Writes, unless the reader is too far behind: then it is let go. */
  function write(stream: OpenStream, text: string): void {
    if (!open.has(stream)) return;
    stream.sink.write(text);
    if (stream.sink.buffered() > limits.maxBufferedBytes) close(stream, 'destroy');
  }

  async function closeEnded(): Promise<void> {
    const hashes = [...perSession.keys()];
    if (hashes.length === 0) return;
    const live = await liveAmong(hashes);
    for (const stream of open) {
      if (live.has(stream.tokenHash)) continue;
      // Told, so that the tab signs out now rather than at its next reconnection (issue 28: within a second).
      write(stream, SESSION_ENDED);
      close(stream);
    }
  }

  /** Ends the streams whose session is no longer live; a check asked for during one is that one. */
  function checkSessions(): Promise<void> {
    checking ??= closeEnded().finally(() => {
      checking = undefined;
    });
    return checking;
  }

  const heartbeat = setInterval(() => {
    for (const stream of open) write(stream, ':\n\n');
  }, limits.heartbeatMs);
  heartbeat.unref();

  return {
    /** Why a new stream of this session is refused, or undefined when it may open. */
    refusal(tokenHash: string): 'session' | 'instance' | undefined {
      if ((perSession.get(tokenHash) ?? 0) >= limits.perSession) return 'session';
      if (open.size >= limits.perInstance) return 'instance';
      return undefined;
    },

    /** Registers a stream; what it returns writes to it and closes it. */
    add(tokenHash: string, sink: StreamSink) {
      const stream: OpenStream = { tokenHash, sink };
      open.add(stream);
      perSession.set(tokenHash, (perSession.get(tokenHash) ?? 0) + 1);
      return { write: (text: string) => write(stream, text), close: () => close(stream), isOpen: () => open.has(stream) };
    },

    /** Ends the streams of a session that ended here (Sign Out). */
    endSession(tokenHash: string): void {
      for (const stream of open) if (stream.tokenHash === tokenHash) close(stream);
    },

    checkSessions,
    count: () => open.size,

    /** Stops the heartbeat and ends every stream (the server is closing). */
    closeAll(): void {
      clearInterval(heartbeat);
      for (const stream of open) close(stream);
    },
  };
}

export type EventStreams = ReturnType<typeof createEventStreams>;
