/**
 * The front desk's view of the client list: a search over names and email, and a sort by any
 * column. The list it starts from is in registration order (oldest first), and that order
 * breaks every tie. The work that does not depend on what is typed (the searchable text of
 * each client, each column's order) is done once per list and reused by every keystroke.
 */
import type { Client } from '#contract/api.ts';

export const SORT_COLUMNS = ['firstName', 'lastName', 'email', 'registrationDateTime'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';

export type ClientListView = {
  /** What is typed in the search field. */
  q?: string;
  sort?: SortColumn;
  dir?: SortDirection;
};

/** Lower case, without accents or other combining marks: "Lucía" and "LUCIA" are both "lucia". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a search, folded; a client matches when each word is in its names or email. */
export function searchWords(query: string): string[] {
  return foldForSearch(query).split(/\s+/).filter(Boolean);
}

type ColumnKey = (client: Client) => string | number;
type Compare = (a: string | number, b: string | number) => number;

const collator = new Intl.Collator(undefined, { numeric: true });
const byCodeUnit: Compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

const COLUMNS: Record<SortColumn, { key: ColumnKey; compare: Compare }> = {
  // Names in the browser's collation: "Émile" sorts with the Es, "Zoë" after "Zoe".
  firstName: { key: (client) => client.firstName, compare: (a, b) => collator.compare(a as string, b as string) },
  lastName: { key: (client) => client.lastName, compare: (a, b) => collator.compare(a as string, b as string) },
  email: { key: (client) => client.email.toLowerCase(), compare: byCodeUnit },
  registrationDateTime: { key: (client) => Date.parse(client.registrationDateTime), compare: (a, b) => (a as number) - (b as number) },
};

/**
 * Each client's rank in `column` (equal values share a rank). The distinct values are sorted,
 * not the clients: a salon's first names repeat, and collation is the slow part.
 */
function ranksBy(clients: readonly Client[], column: SortColumn): Uint32Array {
  const { key, compare } = COLUMNS[column];
  const keys = clients.map(key);
  const distinct = [...new Set(keys)].sort(compare);
  const rankOf = new Map<string | number, number>();
  let rank = 0;
  distinct.forEach((value, index) => {
    if (index > 0 && compare(distinct[index - 1] as string | number, value) !== 0) rank += 1;
    rankOf.set(value, rank);
  });
  return Uint32Array.from(keys, (value) => rankOf.get(value) as number);
}

/** Answers views of one list; make a new one when the list changes. */
export function createClientListView(clients: readonly Client[]) {
  let searchable: Map<Client, string> | undefined;
  const ranks = new Map<SortColumn, Uint32Array>();
  const orders = new Map<string, readonly Client[]>();

  function sorted(column: SortColumn, dir: SortDirection): readonly Client[] {
    const cached = orders.get(`${column} ${dir}`);
    if (cached) return cached;
    let rank = ranks.get(column);
    if (!rank) ranks.set(column, (rank = ranksBy(clients, column)));
    const byRank = rank;
    const sign = dir === 'asc' ? 1 : -1;
    // Ties keep registration order in both directions: the index breaks them, never reversed.
    const indexes = Array.from(clients.keys()).sort((a, b) => sign * ((byRank[a] as number) - (byRank[b] as number)) || a - b);
    const order = indexes.map((index) => clients[index] as Client);
    orders.set(`${column} ${dir}`, order);
    return order;
  }

  return function view({ q = '', sort, dir = 'asc' }: ClientListView): readonly Client[] {
    const list = sort ? sorted(sort, dir) : clients;
    const words = searchWords(q);
    if (words.length === 0) return list;
    searchable ??= new Map(clients.map((client) => [client, foldForSearch(`${client.firstName} ${client.lastName} ${client.email}`)]));
    const text = searchable;
    return list.filter((client) => {
      const haystack = text.get(client) as string;
      return words.every((word) => haystack.includes(word));
    });
  };
}
