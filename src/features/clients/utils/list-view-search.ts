// The client list's search and sort in the address (/clients?q=ana&sort=lastName&dir=desc); anything unknown
// falls back to the default view. Kept small: the route definition, which every page loads, imports it.
export const SORT_COLUMNS = ['firstName', 'lastName', 'email', 'registrationDateTime'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';

export type ClientListView = {
  /** What is typed in the search field. */
  q?: string;
  sort?: SortColumn;
  dir?: SortDirection;
};

export function parseClientListView(search: Record<string, unknown>): ClientListView {
  // Every key is set, undefined when absent or refused: the router lays this over the raw
  // search, where a refused value would otherwise stay.
  const view: ClientListView = { q: undefined, sort: undefined, dir: undefined };
  // The router reads `?q=2024` as a number: a search for digits is still a search.
  const q = typeof search.q === 'number' ? String(search.q) : search.q;
  if (typeof q === 'string' && q.trim() !== '') view.q = q;
  if (SORT_COLUMNS.includes(search.sort as SortColumn)) {
    view.sort = search.sort as SortColumn;
    if (search.dir === 'desc') view.dir = 'desc';
  }
  return view;
}
