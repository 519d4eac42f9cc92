// The search and sort the client list last showed, so that coming back from a client shows the same view.
// In memory only: a search can hold a client's name.
import type { ClientListView } from './list-view-search.ts';

let last: ClientListView = {};

export function rememberListView(view: ClientListView): void {
  last = { q: view.q, sort: view.sort, dir: view.dir };
}

export function lastListView(): ClientListView {
  return last;
}

/** Tests: the list's default view again, as at a page load (src/testing/setup.ts, after each test). */
export function forgetListView(): void {
  last = {};
}
