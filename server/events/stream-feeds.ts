/**
 * What one stream of GET /api/events is sent, by the server and by the mock alike: the clients' changes, replayed
 * from its Last-Event-ID, and the book's `appointment` events, live only (contract/event-stream.ts).
 */
import { appointmentFrame, feedFrame, openingFrames } from '#contract/event-stream';
import type { ChangeFeed } from './change-feed.ts';

/** The feeds a stream reads: the clients' change log and the appointments'. */
export type StreamFeeds = { clients: ChangeFeed; appointments: ChangeFeed };

/** Subscribes a stream from `after` (its Last-Event-ID) to both feeds, each frame to `send`; resolves with what stops it. */
export async function subscribeStream(
  { clients, appointments }: StreamFeeds,
  after: number | undefined,
  send: (frame: string) => void,
): Promise<() => void> {
  // The book's first: what commits from now on is sent; what committed before, the refetch `ready` asks for reads.
  const stopAppointments = await appointments.subscribe(undefined, {
    open: () => {},
    change: (change) => send(appointmentFrame(change)),
  });
  try {
    const stopClients = await clients.subscribe(after, {
      open: (missed, position) => openingFrames(missed, position).forEach(send),
      change: (change) => send(feedFrame(change)),
    });
    return () => {
      stopAppointments();
      stopClients();
    };
  } catch (error) {
    stopAppointments();
    throw error;
  }
}
