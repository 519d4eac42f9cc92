/**
 * Live updates: the change feed (the log, read once per commit for every stream) and this instance's event streams,
 * fed by this server's writes and by others' commits (PostgreSQL's LISTEN, SQLite's data_version polled), ended with
 * their sessions. Each background part survives the database's failures (background/background-tasks.ts).
 */
import fp from 'fastify-plugin';
import { failureEpisodes } from '../background/background-tasks.ts';
import { createChangeFeed, type ChangeFeed } from '../events/change-feed.ts';
import { createEventStreams, type EventStreams, type StreamLimits } from '../events/event-streams.ts';

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: ChangeFeed;
    eventStreams: EventStreams;
  }
}

export type LiveUpdatesOptions = {
  limits: StreamLimits;
  /** A stream further behind than this many changes gets `reset` rather than a replay. */
  replayLimit: number;
  /** How often SQLite is asked for other processes' commits (PostgreSQL is told: LISTEN). */
  watchIntervalMs: number;
};

/** After a commit to the sessions or staff accounts by another process, the streams' sessions are checked this soon. */
const AUTH_CHECK_DELAY_MS = 1000;

/** A failed read of the change log is tried again this soon. */
const FEED_RETRY_MS = 1000;

export const liveUpdatesPlugin = fp<LiveUpdatesOptions>(
  async (app, { limits, replayLimit, watchIntervalMs }) => {
    const { backgroundTasks, clientStore, dbEngine, sessions } = app;
    const feed = await createChangeFeed(clientStore.log, {
      replayLimit,
      report: failureEpisodes(app.log, 'Reading the change log for the event streams'),
      retryMs: FEED_RETRY_MS,
    });
    clientStore.onWrite(() => void feed.wake());
    dbEngine.onCommit('clients', () => void feed.wake());
    const stopListening = dbEngine.listenForCommits?.(
      failureEpisodes(app.log, 'Listening for other instances’ commits (PostgreSQL’s LISTEN)'),
    );
    if (!stopListening)
      backgroundTasks.every('Reading other processes’ commits (SQLite’s data_version)', watchIntervalMs, () => dbEngine.pollCommits());

    const streams = createEventStreams(limits, (tokenHashes) => sessions.liveAmong(tokenHashes));
    const checkSessions = backgroundTasks.every('Checking the event streams’ sessions', limits.sessionCheckMs, () =>
      streams.checkSessions(),
    );
    sessions.onEnd((tokenHash) => streams.endSession(tokenHash));
    let authCheck: NodeJS.Timeout | undefined;
    // A commit noticed while the app closes (PostgreSQL's LISTEN, a poll in flight) must not start a check after
    // the background tasks have stopped: there is no task left to run.
    let closing = false;
    dbEngine.onCommit('auth', () => {
      if (closing) return;
      authCheck ??= setTimeout(() => {
        authCheck = undefined;
        void checkSessions();
      }, AUTH_CHECK_DELAY_MS);
    });

    app.decorate('changeFeed', feed);
    app.decorate('eventStreams', streams);
    // Before close waits for requests to finish: an open stream never would.
    app.addHook('preClose', async () => {
      closing = true;
      clearTimeout(authCheck);
      feed.stop();
      streams.closeAll();
      await stopListening?.();
    });
  },
  { name: 'live-updates', dependencies: ['background-tasks', 'database', 'auth', 'client-store'] },
);
