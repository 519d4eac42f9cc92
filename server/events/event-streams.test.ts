/** The event streams' bounds without a socket: the heartbeat, the slow reader, the sessions. */
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createEventStreams, type StreamLimits, type StreamSink } from './event-streams.ts';

const LIMITS: StreamLimits = { perSession: 2, perInstance: 3, heartbeatMs: 1000, maxBufferedBytes: 100, sessionCheckMs: 1000 };

/** A sink whose reader takes nothing: what is written stays buffered. */
function stalledSink() {
  const written: string[] = [];
  const sink: StreamSink & { written: string[]; ended: boolean; destroyed: boolean } = {
    written,
    ended: false,
    destroyed: false,
    write: (text) => void written.push(text),
    buffered: () => written.join('').length,
    end: () => void (sink.ended = true),
    destroy: () => void (sink.destroyed = true),
  };
  return sink;
}

function streams(liveAmong = async (hashes: readonly string[]) => new Set(hashes)) {
  vi.useFakeTimers();
  const created = createEventStreams(LIMITS, liveAmong);
  onTestFinished(() => {
    created.closeAll();
    vi.useRealTimers();
  });
  return created;
}

describe('event streams', () => {
  it('send a comment line on every stream at each heartbeat', () => {
    const all = streams();
    const sink = stalledSink();
    all.add('session-a', sink);
    vi.advanceTimersByTime(LIMITS.heartbeatMs);
    expect(sink.written).toEqual([':\n\n']);
  });

  it('drop a reader that falls more than the bound behind, at once, and free its place', () => {
    const all = streams();
    const sink = stalledSink();
    const stream = all.add('session-a', sink);
    stream.write('x'.repeat(60));
    expect(sink.destroyed).toBe(false);
    stream.write('x'.repeat(60));
    expect(sink.destroyed).toBe(true);
    expect(stream.isOpen()).toBe(false);
    expect(all.count()).toBe(0);
    stream.write('more');
    expect(sink.written).toHaveLength(2);
  });

  it('refuse past the bounds: per session, then per instance', () => {
    const all = streams();
    all.add('session-a', stalledSink());
    all.add('session-a', stalledSink());
    expect(all.refusal('session-a')).toBe('session');
    expect(all.refusal('session-b')).toBeUndefined();
    all.add('session-b', stalledSink());
    expect(all.refusal('session-c')).toBe('instance');
  });

  it('end the streams of a session that ended, and only those, with an `ended` event when it ended elsewhere', async () => {
    const all = streams(async (hashes) => new Set(hashes.filter((hash) => hash !== 'session-gone')));
    const gone = stalledSink();
    const kept = stalledSink();
    all.add('session-gone', gone);
    all.add('session-kept', kept);
    await all.checkSessions();
    expect([gone.ended, kept.ended]).toEqual([true, false]);
    // The ended one is told why, so that its tab signs out at once rather than at its next reconnection.
    expect(gone.written).toEqual(['event: ended\ndata: {}\n\n']);
    expect(kept.written).toEqual([]);
    const signedOut = stalledSink();
    all.add('session-out', signedOut);
    all.endSession('session-out');
    expect(signedOut.ended).toBe(true);
    // Its own Sign Out: the tab is leaving already.
    expect(signedOut.written).toEqual([]);
    expect(all.count()).toBe(1);
  });
});
