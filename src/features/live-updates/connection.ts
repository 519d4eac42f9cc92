/**
 * The tab's one stream of GET /api/events: each change into the query cache, "Reconnecting…" after 5 s down, paused
 * while the tab is hidden, a 401 handled like any other and a 429 or 503 waited out. The `eventsource` package reads
 * the stream and reconnects after a drop with Last-Event-ID; a refused stream it closes, and this opens a new one when
 * the server allows, resuming from the last event seen (decision 023). A stream whose session ended elsewhere says so
 * with a last `ended` event: handled as a 401, at once. An import (or its undo) comes as one `batch` event: a refetch.
 * The book's `appointment` events, a client's update (their name is on their appointments) and every `ready` have the
 * book's queries ask again (book-refetch.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { EventSource, type ErrorEvent, type FetchLike } from 'eventsource';
import { ClientEvent } from '#contract/api';
import { APPOINTMENT_EVENT, SESSION_ENDED_EVENT } from '#contract/event-stream';
import { apiPaths } from '#contract/paths';
import { urlFor } from '../../lib/api-client.ts';
import { applyChange, refetchClients } from './apply-change.ts';
import { bookRefetcher } from './book-refetch.ts';
import { colleagueChangesOf } from '../clients/api/colleague-changes.ts';
import { liveStoreOf, type LiveStore } from './live-store.ts';

/** Down this long before the page says "Reconnecting…". */
const RECONNECTING_AFTER_MS = 5000;
/** A hidden tab keeps its stream this long, then pauses it (and catches up when shown again). */
const HIDDEN_PAUSE_MS = 60_000;
/** After a refusal without Retry-After: 30 s for a 429 or a 503 (what the server asks), else the package's pause. */
const REFUSED_RETRY_MS = { busy: 30_000, other: 3000 };

export type LiveConnectionOptions = {
  queryClient: QueryClient;
  /** The session ended (a 401): the app's handling, as for any call. */
  onUnauthorized: () => void;
};

type State =
  | { name: 'streaming'; source: EventSource }
  /** Refused: no stream until the time the server asked for. */
  | { name: 'waiting'; until: number; timer: ReturnType<typeof setTimeout> }
  /** Hidden a while: no stream until the tab is shown (and not before a refusal's time). */
  | { name: 'paused'; until: number }
  | { name: 'ended' };

/** Opens the stream; returns what closes it. */
export function connectLiveUpdates(options: LiveConnectionOptions): () => void {
  const connection = new LiveConnection(options);
  return () => connection.end();
}

class LiveConnection {
  #state: State = { name: 'ended' };
  /** The last event's id: a new stream (after a refusal or a pause) resumes after it. */
  #lastEventId: string | undefined;
  /** The last refused response's Retry-After, in ms. */
  #retryAfterMs: number | undefined;
  #reconnectingTimer: ReturnType<typeof setTimeout> | undefined;
  #hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #options: LiveConnectionOptions;
  readonly #store: LiveStore;
  readonly #changes: ReturnType<typeof changesAfterOwnWrites>;
  readonly #book: ReturnType<typeof bookRefetcher>;

  constructor(options: LiveConnectionOptions) {
    const { queryClient } = options;
    this.#options = options;
    this.#store = liveStoreOf(queryClient);
    const colleagueChanges = colleagueChangesOf(queryClient);
    this.#changes = changesAfterOwnWrites(queryClient, (event) => colleagueChanges.changed(event, applyChange(queryClient, event)));
    this.#book = bookRefetcher(queryClient);
    document.addEventListener('visibilitychange', this.#onVisibility);
    this.#open();
  }

  end() {
    this.#close();
    this.#state = { name: 'ended' };
    clearTimeout(this.#reconnectingTimer);
    clearTimeout(this.#hiddenTimer);
    this.#changes.stop();
    this.#book.stop();
    document.removeEventListener('visibilitychange', this.#onVisibility);
  }

  #open() {
    const source = new EventSource(urlFor(apiPaths.events), { fetch: this.#fetch });
    source.addEventListener('change', ({ data, lastEventId }) => {
      const parsed = ClientEvent.safeParse(JSON.parse(String(data)));
      if (parsed.success) {
        this.#changes.add(parsed.data);
        // A client's new name is on their appointments too: the book's answers carry it.
        if (parsed.data.kind === 'updated') this.#book.changed();
      } else console.error('An event of the stream did not match the contract');
      this.#lastEventId = lastEventId;
    });
    // `reset`: the log could not replay what was missed. `batch`: an import or its undo, thousands of changes sent as
    // one event (issue 29). Either way what the screen shows is asked for again, once.
    for (const name of ['reset', 'batch']) {
      source.addEventListener(name, ({ lastEventId }) => {
        this.#changes.clear();
        void refetchClients(this.#options.queryClient);
        this.#lastEventId = lastEventId;
      });
    }
    source.addEventListener('ready', ({ lastEventId }) => {
      this.#up();
      // A first stream cannot tell what changed between the cache's loads and its start: those ask again.
      if (this.#lastEventId === undefined) void refetchClients(this.#options.queryClient);
      // Nor can any stream tell what the book missed while it was down: its events are live only.
      this.#book.changed();
      this.#lastEventId = lastEventId;
    });
    // Its data (which appointment, what happened, who) is for the record: the screen asks for what it shows again.
    source.addEventListener(APPOINTMENT_EVENT, () => this.#book.changed());
    // Ended elsewhere (disabled, signed out by an owner or another device): as a 401, now rather than at the reconnection.
    source.addEventListener(SESSION_ENDED_EVENT, () => this.#unauthorized());
    source.addEventListener('error', (event: ErrorEvent) => {
      this.#down();
      // Closed: refused (or not a stream). Otherwise the package reconnects by itself.
      if (source.readyState === EventSource.CLOSED) this.#refused(event.code);
    });
    this.#state = { name: 'streaming', source };
  }

  /** Same-origin credentials (the session cookie) as the package sends them; Last-Event-ID on a new stream too. */
  #fetch: FetchLike = async (url, init) => {
    const headers: Record<string, string> = { ...init.headers };
    if (this.#lastEventId !== undefined) headers['Last-Event-ID'] = this.#lastEventId;
    const response = await fetch(url, { ...init, headers });
    this.#retryAfterMs = retryAfterMs(response.headers.get('retry-after'));
    return response;
  };

  #refused(status: number | undefined) {
    if (status === 401) return this.#unauthorized();
    this.#close();
    const busy = status === 429 || status === 503;
    this.#openAt(Date.now() + (this.#retryAfterMs ?? (busy ? REFUSED_RETRY_MS.busy : REFUSED_RETRY_MS.other)));
  }

  #unauthorized() {
    this.end();
    this.#options.onUnauthorized();
  }

  #openAt(until: number) {
    if (until <= Date.now()) return this.#open();
    this.#state = { name: 'waiting', until, timer: setTimeout(() => this.#open(), until - Date.now()) };
  }

  #close() {
    if (this.#state.name === 'streaming') this.#state.source.close();
    if (this.#state.name === 'waiting') clearTimeout(this.#state.timer);
  }

  #onVisibility = () => {
    clearTimeout(this.#hiddenTimer);
    if (document.visibilityState === 'hidden') this.#hiddenTimer = setTimeout(this.#pause, HIDDEN_PAUSE_MS);
    else if (this.#state.name === 'paused') this.#openAt(this.#state.until);
  };

  #pause = () => {
    if (this.#state.name === 'ended' || this.#state.name === 'paused') return;
    const until = this.#state.name === 'waiting' ? this.#state.until : 0;
    this.#close();
    this.#state = { name: 'paused', until };
  };

  #down() {
    this.#reconnectingTimer ??= setTimeout(() => this.#store.setReconnecting(true), RECONNECTING_AFTER_MS);
  }

  #up() {
    clearTimeout(this.#reconnectingTimer);
    this.#reconnectingTimer = undefined;
    this.#store.setReconnecting(false);
  }
}

/** Retry-After in ms: seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const ms = /^\d+$/.test(header.trim()) ? Number(header) * 1000 : Date.parse(header) - Date.now();
  return Number.isNaN(ms) ? undefined : Math.max(ms, 0);
}

/** Changes that arrive while this tab has a write in flight wait until its response is in the cache (decision 017). */
function changesAfterOwnWrites(queryClient: QueryClient, apply: (event: ClientEvent) => void) {
  let waiting: ClientEvent[] = [];
  const flush = () => {
    if (queryClient.isMutating() > 0) return;
    const events = waiting;
    waiting = [];
    events.forEach((event) => apply(event));
  };
  const unsubscribe = queryClient.getMutationCache().subscribe(() => {
    if (waiting.length > 0) queueMicrotask(flush);
  });
  return {
    add(event: ClientEvent) {
      waiting.push(event);
      flush();
    },
    clear() {
      waiting = [];
    },
    stop: unsubscribe,
  };
}
