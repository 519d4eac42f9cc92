// The client list's search (names, email) and sort (any column); ties keep the registration order. What does not
// depend on the search (each client's searchable text, each column's order) is computed once per list.
import type { Client } from '#contract/api';
import { foldText } from '#contract/text';
import type { ClientListView, SortColumn, SortDirection } from './list-view-search.ts';

/** The words of a search, folded; a client matches when each word is in its names or email. */
export function searchWords(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean);
}

type Key = string | number;
type Compare = (a: Key, b: Key) => number;

const collator = new Intl.Collator(undefined, { numeric: true });
const byCodeUnit: Compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * How each column compares. Names are collated in the browser's way ("Émile" sorts with the
 * Es, "Zoë" after "Zoe"), and a salon's names repeat: their distinct values are sorted, since
 * collation is the slow part. Emails (without regard to case) and times are mostly distinct
 * and cheap to compare: the clients are sorted directly.
 */
const COLUMNS: Record<SortColumn, { key: (client: Client) => Key; compare: Compare; repeats: boolean }> = {
  firstName: { key: (client) => client.firstName, compare: (a, b) => collator.compare(a as string, b as string), repeats: true },
  lastName: { key: (client) => client.lastName, compare: (a, b) => collator.compare(a as string, b as string), repeats: true },
  email: { key: (client) => client.email.toLowerCase(), compare: byCodeUnit, repeats: false },
  registrationDateTime: {
    key: (client) => Date.parse(client.registrationDateTime),
    compare: (a, b) => (a as number) - (b as number),
    repeats: false,
  },
};

type Ranks = { rank: Uint32Array; count: number };

/** Each client's rank in `column`: equal values share one. */
function ranksBy(clients: readonly Client[], column: SortColumn): Ranks {
  const { key, compare, repeats } = COLUMNS[column];
  const keys = clients.map(key);
  const rank = new Uint32Array(clients.length);
  let current = 0;
  if (repeats) {
    const distinct = [...new Set(keys)].sort(compare);
    const rankOf = new Map<Key, number>();
    distinct.forEach((value, index) => {
      if (index > 0 && compare(distinct[index - 1] as Key, value) !== 0) current += 1;
      rankOf.set(value, current);
    });
    keys.forEach((value, index) => (rank[index] = rankOf.get(value) ?? 0));
  } else {
    const sorted = Array.from(keys.keys()).sort((a, b) => compare(keys[a] as Key, keys[b] as Key));
    sorted.forEach((index, position) => {
      const previous = sorted[position - 1];
      if (previous !== undefined && compare(keys[previous] as Key, keys[index] as Key) !== 0) current += 1;
      rank[index] = current;
    });
  }
  return { rank, count: current + 1 };
}

/**
 * The clients' indexes in rank order, ascending or descending, ties in registration order
 * either way: a counting sort, linear in the list.
 */
function orderByRank({ rank, count }: Ranks, dir: SortDirection): Uint32Array {
  const bucketOf = (value: number) => (dir === 'asc' ? value : count - 1 - value);
  // How many clients each bucket holds, then where each bucket starts.
  const next = new Uint32Array(count);
  for (const value of rank) next[bucketOf(value)] = (next[bucketOf(value)] ?? 0) + 1;
  let position = 0;
  for (let bucket = 0; bucket < count; bucket += 1) {
    const size = next[bucket] ?? 0;
    next[bucket] = position;
    position += size;
  }
  const order = new Uint32Array(rank.length);
  rank.forEach((value, index) => {
    const bucket = bucketOf(value);
    const at = next[bucket] ?? 0;
    order[at] = index;
    next[bucket] = at + 1;
  });
  return order;
}

/** The search and sort views of one list; make a new one when the list changes. */
export function createClientListView(clients: readonly Client[]) {
  const folded = new Map<string, string>();
  // Names repeat: each distinct one is folded once.
  const fold = (text: string) => folded.get(text) ?? folded.set(text, foldText(text)).get(text) ?? '';
  // Each client's searchable text, by index; filled ahead in idle time (prepareSearch) or at the first search.
  const searchable: string[] = [];
  const searchableText = (client: Client) => `${fold(client.firstName)} ${fold(client.lastName)} ${foldText(client.email)}`;
  const fillSearchable = (until: number) => {
    for (let index = searchable.length; index < until; index += 1) searchable.push(searchableText(clients[index] as Client));
  };
  const ranks = new Map<SortColumn, Ranks>();
  const orders = new Map<string, { indexes: Uint32Array; clients: readonly Client[] }>();

  function sorted(column: SortColumn, dir: SortDirection) {
    const cached = orders.get(`${column} ${dir}`);
    if (cached) return cached;
    let rank = ranks.get(column);
    if (!rank) ranks.set(column, (rank = ranksBy(clients, column)));
    const indexes = orderByRank(rank, dir);
    const order = { indexes, clients: Array.from(indexes, (index) => clients[index] as Client) };
    orders.set(`${column} ${dir}`, order);
    return order;
  }

  function view({ q = '', sort, dir = 'asc' }: ClientListView): readonly Client[] {
    const order = sort ? sorted(sort, dir) : undefined;
    const words = searchWords(q);
    if (words.length === 0) return order ? order.clients : clients;
    fillSearchable(clients.length);
    const text = searchable;
    const matches = (index: number) => words.every((word) => (text[index] as string).includes(word));
    const shown: Client[] = [];
    if (order) {
      for (const index of order.indexes) if (matches(index)) shown.push(clients[index] as Client);
    } else {
      clients.forEach((client, index) => matches(index) && shown.push(client));
    }
    return shown;
  }

  /**
   * Prepares the search in small steps while the browser is idle, so that no keystroke pays
   * for it (about 50,000 clients' worth of text). Returns what stops it.
   */
  function prepareSearch(): () => void {
    let handle: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      fillSearchable(Math.min(clients.length, searchable.length + PREPARE_STEP));
      if (searchable.length < clients.length) handle = setTimeout(step, 0);
    };
    handle = setTimeout(step, 0);
    return () => clearTimeout(handle);
  }

  return { view, prepareSearch };
}

/** Clients prepared per step: a few milliseconds of work, never a long task. */
const PREPARE_STEP = 2_000;
