/**
 * Live updates: the change feed (the log, read once per commit for every stream) and this instance's event streams,
 * fed by this server's writes and by others' commits (engine.watchCommits), ended with their sessions.
 */
import fp from 'fastify-plugin';
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

export const liveUpdatesPlugin = fp<LiveUpdatesOptions>(
  async (app, { limits, replayLimit, watchIntervalMs }) => {
    const { clientStore, dbEngine, sessions } = app;
    const feed = await createChangeFeed(clientStore.log, {
      replayLimit,
      onError: (error) => app.log.error({ err: error }, 'Reading the change log for the event streams failed'),
    });
    clientStore.onWrite(() => void feed.wake());
    dbEngine.onCommit('clients', () => void feed.wake());
    const stopWatching = dbEngine.watchCommits(watchIntervalMs);

    const streams = createEventStreams(limits, (tokenHashes) => sessions.liveAmong(tokenHashes));
    const checkSessions = () => {
      streams.checkSessions().catch((error: unknown) => app.log.error({ err: error }, 'Checking the event streams’ sessions failed'));
    };
    sessions.onEnd((tokenHash) => streams.endSession(tokenHash));
    let authCheck: NodeJS.Timeout | undefined;
    dbEngine.onCommit('auth', () => {
      authCheck ??= setTimeout(() => {
        authCheck = undefined;
        checkSessions();
      }, AUTH_CHECK_DELAY_MS);
    });
    const sessionTimer = setInterval(checkSessions, limits.sessionCheckMs);
    sessionTimer.unref();

    app.decorate('changeFeed', feed);
    app.decorate('eventStreams', streams);
    // Before close waits for requests to finish: an open stream never would.
    app.addHook('preClose', async () => {
      clearInterval(sessionTimer);
      clearTimeout(authCheck);
      streams.closeAll();
      await stopWatching();
    });
  },
  { name: 'live-updates', dependencies: ['database', 'auth', 'client-store'] },
);
