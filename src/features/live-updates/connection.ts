/**
 * The tab's one stream of GET /api/events: each change into the query cache, reconnecting with Last-Event-ID so that
 * nothing is missed, "Reconnecting…" after 5 s down, paused while the tab is hidden, and a 401 handled like any other.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ClientEvent } from '#contract/api';
import { readEventStream, type StreamMessage } from '#contract/event-stream';
import { apiPaths } from '#contract/paths';
import { urlFor } from '../../lib/api-client.ts';
import { applyChange, refetchClients } from './apply-change.ts';
import { liveStoreOf } from './live-store.ts';

/** Down this long before the page says "Reconnecting…". */
const RECONNECTING_AFTER_MS = 5000;
/** A hidden tab keeps its stream this long, then pauses it (and catches up when shown again). */
const HIDDEN_PAUSE_MS = 60_000;
/** Pauses between attempts: 1 s, doubling to 15 s; 30 s after a 429 or a 503 (the server's Retry-After). */
const RETRY_MS = { first: 1000, most: 15_000, refused: 30_000 };

class Refused extends Error {
  constructor(readonly status: number) {
    super(`The event stream was refused with ${status}`);
  }
}

export type LiveConnectionOptions = {
  queryClient: QueryClient;
  /** The session ended (a 401): the app's handling, as for any call. */
  onUnauthorized: () => void;
};

/** Opens the stream; returns what closes it. */
export function connectLiveUpdates({ queryClient, onUnauthorized }: LiveConnectionOptions): () => void {
  const store = liveStoreOf(queryClient);
  let cursor: string | undefined;
  let stopped = false;
  let paused = false;
  let running = false;
  let abort: AbortController | undefined;
  let wake: (() => void) | undefined;
  let downTimer: ReturnType<typeof setTimeout> | undefined;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  /** Changes that arrived while this tab was saving: applied once its own writes are in the cache. */
  let waiting: ClientEvent[] = [];

  const down = () => {
    downTimer ??= setTimeout(() => store.setReconnecting(true), RECONNECTING_AFTER_MS);
  };
  const up = () => {
    clearTimeout(downTimer);
    downTimer = undefined;
    store.setReconnecting(false);
  };

  const apply = (event: ClientEvent) => store.changed(event, applyChange(queryClient, event));
  const flush = () => {
    if (queryClient.isMutating() > 0) return;
    const events = waiting;
    waiting = [];
    events.forEach(apply);
  };
  const unsubscribeMutations = queryClient.getMutationCache().subscribe(() => {
    if (waiting.length > 0) queueMicrotask(flush);
  });

  function handle({ event, id, data }: StreamMessage, fresh: boolean) {
    if (event === 'change') {
      const parsed = ClientEvent.safeParse(JSON.parse(data));
      if (!parsed.success) return console.error('An event of the stream did not match the contract');
      waiting.push(parsed.data);
      flush();
    } else if (event === 'reset') {
      waiting = [];
      void refetchClients(queryClient);
    } else if (event === 'ready') {
      up();
      // A first stream cannot tell what changed between the cache's loads and its start: those ask again.
      if (fresh) void refetchClients(queryClient);
    }
    if (id !== undefined) cursor = id;
  }

  async function connect(): Promise<void> {
    abort = new AbortController();
    const fresh = cursor === undefined;
    const response = await fetch(urlFor(apiPaths.events), {
      headers: { accept: 'text/event-stream', ...(cursor === undefined ? {} : { 'last-event-id': cursor }) },
      signal: abort.signal,
    });
    if (response.status === 401) {
      stopped = true;
      return onUnauthorized();
    }
    if (!response.ok || !response.body) throw new Refused(response.status);
    await readEventStream(response.body, (message) => handle(message, fresh));
  }

  async function run(): Promise<void> {
    if (running) return;
    running = true;
    let pauseMs = RETRY_MS.first;
    while (!stopped && !paused) {
      const started = Date.now();
      try {
        await connect();
      } catch (error) {
        if (error instanceof Refused && (error.status === 429 || error.status === 503)) pauseMs = RETRY_MS.refused;
      }
      if (stopped || paused) break;
      down();
      // A stream that stayed up a while starts over from the shortest pause.
      if (Date.now() - started > RETRY_MS.most) pauseMs = RETRY_MS.first;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pauseMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
      pauseMs = Math.min(pauseMs * 2, RETRY_MS.most);
    }
    running = false;
  }

  const onVisibility = () => {
    clearTimeout(hiddenTimer);
    if (document.visibilityState === 'hidden') {
      hiddenTimer = setTimeout(() => {
        paused = true;
        abort?.abort();
      }, HIDDEN_PAUSE_MS);
    } else if (paused) {
      paused = false;
      void run();
    } else wake?.();
  };
  document.addEventListener('visibilitychange', onVisibility);
  // Back online: try at once rather than at the end of the pause.
  const onOnline = () => wake?.();
  window.addEventListener('online', onOnline);

  void run();
  return () => {
    stopped = true;
    abort?.abort();
    wake?.();
    clearTimeout(downTimer);
    clearTimeout(hiddenTimer);
    unsubscribeMutations();
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', onOnline);
  };
}
