/**
 * Live updates: the change feed (the log, read once per commit for every stream), the appointments' feed (their log,
 * likewise) and this instance's event streams, woken by the database's after-commit signal (this server's commits and
 * others', decision 022), ended with their sessions. Each background part survives the database's failures
 * (background/background-tasks.ts).
 */
import fp from 'fastify-plugin';
import { failureEpisodes } from '../background/background-tasks.ts';
import { createChangeFeed, FEED_RETRY_MS, type ChangeFeed } from '../events/change-feed.ts';
import { createEventStreams, type EventStreams, type StreamLimits } from '../events/event-streams.ts';
import { appointmentFeedLog } from '../repositories/appointments.ts';

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: ChangeFeed;
    /** The appointments' log as a feed (issue 40): the streams' `appointment` events. */
    appointmentFeed: ChangeFeed;
    eventStreams: EventStreams;
  }
}

export type LiveUpdatesOptions = {
  limits: StreamLimits;
  /** A stream further behind than this many changes gets `reset` rather than a replay. */
  replayLimit: number;
};

/**
 * After a commit to the sessions or staff accounts, the streams' sessions are checked this soon (the commits of a
 * moment share one check): an account disabled or signed out everywhere sees its streams close within a second.
 */
const AUTH_CHECK_DELAY_MS = 200;

export const liveUpdatesPlugin = fp<LiveUpdatesOptions>(
  async (app, { limits, replayLimit }) => {
    const { backgroundTasks, clientStore, dbEngine, sessions } = app;
    const feed = await createChangeFeed(clientStore.log, {
      replayLimit,
      report: failureEpisodes(app.log, 'Reading the change log for the event streams'),
      retryMs: FEED_RETRY_MS,
    });
    dbEngine.onCommit('clients', () => void feed.wake());
    const appointmentFeed = await createChangeFeed(appointmentFeedLog(app.db), {
      replayLimit,
      report: failureEpisodes(app.log, 'Reading the appointments’ log for the event streams'),
      retryMs: FEED_RETRY_MS,
    });
    dbEngine.onCommit('book', () => void appointmentFeed.wake());

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
    app.decorate('appointmentFeed', appointmentFeed);
    app.decorate('eventStreams', streams);
    // Before close waits for requests to finish: an open stream never would.
    app.addHook('preClose', async () => {
      closing = true;
      clearTimeout(authCheck);
      feed.stop();
      appointmentFeed.stop();
      streams.closeAll();
    });
  },
  { name: 'live-updates', dependencies: ['background-tasks', 'database', 'auth', 'client-store'] },
);
