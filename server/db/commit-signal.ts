/**
 * The one after-commit signal: "something committed", from this process or another, told once per commit to those
 * who keep a copy of the database in memory (docs/decisions/022-one-after-commit-signal.md).
 */

/** What a copy depends on: the clients, or the sessions and staff accounts. */
export type WatchedTables = 'clients' | 'auth';

export class CommitSignal {
  readonly #listeners: Record<WatchedTables, Array<() => void>> = { clients: [], auth: [] };

  on(tables: WatchedTables, listener: () => void): void {
    this.#listeners[tables].push(listener);
  }

  /** Tells the listeners of each of `tables` that it changed; each listener once. */
  emit(tables: Iterable<WatchedTables>): void {
    for (const name of tables) for (const listener of this.#listeners[name]) listener();
  }
}
