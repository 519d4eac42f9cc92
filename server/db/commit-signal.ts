/**
 * The one after-commit signal: "something committed", from this process or another, told once per commit to those
 * who keep a copy of the database in memory (docs/decisions/022-one-after-commit-signal.md).
 */

/** What a copy or a feed depends on: the clients, the sessions and staff accounts, or the book's appointments. */
export type WatchedTables = 'clients' | 'auth' | 'book';

export class CommitSignal {
  readonly #listeners: Record<WatchedTables, Array<() => void>> = { clients: [], auth: [], book: [] };

  on(tables: WatchedTables, listener: () => void): void {
    this.#listeners[tables].push(listener);
  }

  /** Tells the listeners of each of `tables` that it changed; each listener once. */
  emit(tables: Iterable<WatchedTables>): void {
    for (const name of tables) for (const listener of this.#listeners[name]) listener();
  }
}

/**
 * A poll of the database for others' commits, shared by those who ask within one turn of the event loop: it starts
 * on the next turn (setImmediate), after each of them asked, so each sees every commit complete before it asked; under
 * load, the requests one turn reads share one poll (why: docs/decisions/022-one-after-commit-signal.md).
 */
export function sharedPoll(poll: () => void | Promise<void>): () => Promise<void> {
  let next: Promise<void> | undefined;
  return () =>
    (next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      next = undefined;
      return poll();
    }));
}
