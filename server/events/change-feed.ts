/**
 * A log as a feed: reads the entries committed since it last looked, once for everyone, and hands each to every
 * subscriber in order; a subscriber that was away first gets what it missed, from the log, or is told it cannot. The
 * clients' change log (replayed from a stream's Last-Event-ID) and the appointments' (live only) are read so.
 */
import type { FeedChange } from '#contract/event-stream';
import type { FailureEpisodes } from '../background/background-tasks.ts';

/** What the feed reads: a repository's log queries, each entry as the streams send it. */
export type ChangeLog = {
  logPosition(): Promise<{ head: number; purgedThrough: number }>;
  /** At most `limit` items after `seq`, oldest first; fewer only when there are no more. */
  changesAfter(seq: number, limit: number): Promise<FeedChange[]>;
};

export type Subscriber = {
  /**
   * First, once: the changes it missed, or 'reset' when the log cannot give them; then it is live from `position`.
   * Called before any `change`.
   */
  open(missed: FeedChange[] | 'reset', position: number): void;
  /** Each change after the subscriber's position, in order, once. */
  change(change: FeedChange): void;
};

export type ChangeFeedOptions = {
  /** A subscriber further behind than this many changes is told to reset rather than sent them all. */
  replayLimit: number;
  /** Each read's failure and success: a failed read is tried again after `retryMs`, until it works. */
  report: FailureEpisodes;
  retryMs: number;
};

/** A stream further behind than this many changes gets `reset` by default (server/config.ts; the mock's). */
export const DEFAULT_REPLAY_LIMIT = 1000;

/** A failed read of a log is tried again this soon (the server's feeds, the mock's). */
export const FEED_RETRY_MS = 1000;

/** Entries read per query while catching up. */
const READ_BATCH = 500;

export async function createChangeFeed(log: ChangeLog, { replayLimit, report, retryMs }: ChangeFeedOptions) {
  /** The newest entry handed to the subscribers. */
  let published = (await log.logPosition()).head;
  const subscribers = new Set<Pick<Subscriber, 'change'>>();
  let reading: Promise<void> | undefined;
  let readAgain = false;
  let retry: NodeJS.Timeout | undefined;

  async function readNew(): Promise<void> {
    do {
      readAgain = false;
      let batch: FeedChange[];
      do {
        batch = await log.changesAfter(published, READ_BATCH);
        for (const change of batch) {
          published = change.seq;
          for (const subscriber of subscribers) subscriber.change(change);
        }
      } while (batch.length === READ_BATCH);
    } while (readAgain);
  }

  /** Reads what was committed since the last read; a wake during a read makes it read once more. */
  function wake(): Promise<void> {
    if (reading) {
      readAgain = true;
      return reading;
    }
    clearTimeout(retry);
    reading = readNew()
      .then(report.succeeded, (error: unknown) => {
        report.failed(error);
        retry = setTimeout(() => void wake(), retryMs);
        // The mock's feed runs in a page too, where a timer is a number and keeps nothing alive.
        if (typeof retry === 'object') retry.unref();
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }

  /**
   * Subscribes from `after` (a stream's Last-Event-ID), or from now. The changes it missed are read from the log
   * while the live ones wait, so that each arrives once and in order. Resolves with what unsubscribes.
   */
  async function subscribe(after: number | undefined, subscriber: Subscriber): Promise<() => void> {
    // A read under way holds what committed before the stream's request (its poll woke the feed): start after it.
    if (reading) await reading;
    let position = published;
    let queued: FeedChange[] | undefined = [];
    const receiver: Pick<Subscriber, 'change'> = {
      change(change) {
        if (queued) queued.push(change);
        else if (change.seq > position) {
          position = change.seq;
          subscriber.change(change);
        }
      },
    };
    subscribers.add(receiver);
    const unsubscribe = () => subscribers.delete(receiver);
    let missed: FeedChange[] | 'reset' = [];
    try {
      if (after !== undefined && after !== position) {
        // Another instance may have committed what the stream saw before this one read it.
        if (after > position) await wake();
        const { head, purgedThrough } = await log.logPosition();
        const events = after > published || after < purgedThrough ? undefined : await log.changesAfter(after, replayLimit + 1);
        if (events === undefined || events.length > replayLimit) {
          // The refetch a reset asks for holds the log up to its head, also what the feed has not read yet (another
          // instance's commit whose notification is on its way).
          missed = 'reset';
          position = Math.max(position, published, head);
        } else {
          missed = events;
          position = Math.max(after, ...missed.map((change) => change.seq));
        }
      }
    } catch (error) {
      unsubscribe();
      throw error;
    }
    // What arrived meanwhile follows what was missed (after a reset, the refetch it asks for includes it).
    const live = queued.filter((change) => change.seq > position);
    queued = undefined;
    if (missed !== 'reset') missed.push(...live);
    position = live.at(-1)?.seq ?? position;
    subscriber.open(missed, position);
    return unsubscribe;
  }

  return {
    wake,
    subscribe,
    /** The newest change handed out (for the tests and the health of the feed). */
    position: () => published,
    subscriberCount: () => subscribers.size,
    /** Stops reading again after a failure (the server is closing). */
    stop: () => clearTimeout(retry),
  };
}

export type ChangeFeed = Awaited<ReturnType<typeof createChangeFeed>>;
