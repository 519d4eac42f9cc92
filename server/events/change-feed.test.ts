/**
 * The change feed: on SQLite, another process's commit on the same file reaches the streams within a second; a
 * subscriber told to reset starts from the log's head.
 */
import { describe, expect, it } from 'vitest';
import { ClientInput, type ClientEvent } from '#contract/api';
import { createClientStore } from '../clients/client-store.ts';
import { openDatabase } from '../db/database.ts';
import { openEventStream } from '../testing/event-stream.ts';
import { aClient, listeningTestApp, logIn } from '../testing/test-app.ts';
import { feedChange, type FeedChange } from '#contract/event-stream';
import { createChangeFeed, type ChangeLog } from './change-feed.ts';

/** A log in memory: entries by seq, nothing purged. */
function memoryLog(): ChangeLog & { append(count: number): void } {
  const entries: ClientEvent[] = [];
  return {
    append(count) {
      for (let index = 0; index < count; index += 1) {
        const seq = entries.length + 1;
        entries.push({ seq, clientId: `c${seq}`, version: 1, kind: 'registered', by: 'nina', at: new Date(0).toISOString(), client: null });
      }
    },
    logPosition: async () => ({ head: entries.length, purgedThrough: 0 }),
    changesAfter: async (seq, limit) => entries.slice(seq, seq + limit).map((change) => feedChange({ event: 'change', change })),
  };
}

describe('the change feed on SQLite', () => {
  it('hears another process’s commit to the same file (the staff CLI, a restore) within a second', async () => {
    const test = await listeningTestApp();
    const stream = await openEventStream(test.port, await logIn(test.app));
    await stream.ready();

    const other = await openDatabase({ kind: 'sqlite', file: test.databaseFile });
    try {
      const written = performance.now();
      const { client } = await createClientStore(other.db, other.engine).create(ClientInput.parse(aClient), 'cli');
      const [change] = await stream.untilChanges(1);
      expect(performance.now() - written).toBeLessThan(1000);
      expect(change).toMatchObject({ kind: 'registered', clientId: client._id, by: 'cli', client });
    } finally {
      await other.db.destroy();
    }
  });
});

describe('a subscriber too far behind', () => {
  it('is told to reset from the log’s head, also when the feed has not read the newest entries yet', async () => {
    const log = memoryLog();
    log.append(1);
    const feed = await createChangeFeed(log, {
      replayLimit: 2,
      retryMs: 1000,
      report: { failed: (error) => expect.fail(String(error)), succeeded: () => {} },
    });
    // Committed, their notification not yet here (PostgreSQL's NOTIFY from another instance, or this one's).
    log.append(3);

    let opened: { missed: FeedChange[] | 'reset'; position: number } | undefined;
    const received: number[] = [];
    await feed.subscribe(0, {
      open: (missed, position) => (opened = { missed, position }),
      change: (change) => received.push(change.seq),
    });
    expect(opened).toEqual({ missed: 'reset', position: 4 });

    // Read late, the entries the reset's refetch already holds are not sent again; the next one is.
    log.append(1);
    await feed.wake();
    expect(received).toEqual([5]);
  });
});
