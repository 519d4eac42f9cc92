/**
 * Possible duplicates (issue 29), one reading for the mock and the server: clients with the same email (trimmed, in
 * any case) or the same first and last name (in any case, without accents: "Lucía Pérez" and "LUCIA PEREZ").
 */
import type { Client } from './api.ts';
import { emailKey, foldText } from './text.ts';

export type DuplicateReason = 'email' | 'name';

/** Two clients that may be one: `kept` was registered first (a merge keeps its id), `other` later. */
export type DuplicatePair<C extends Client = Client> = { kept: C; other: C; reasons: DuplicateReason[] };

/** By registration; the id decides between two registered at the same time. */
export function registeredFirst(a: Client, b: Client): number {
  if (a.registrationDateTime !== b.registrationDateTime) return a.registrationDateTime < b.registrationDateTime ? -1 : 1;
  return a._id === b._id ? 0 : a._id < b._id ? -1 : 1;
}

/**
 * The pairs: each client that shares an email or a name with an earlier-registered one is paired with the first
 * registered of them (three clients with one email are two pairs, not three: each merge keeps the first). A pair alike
 * in both is listed once, with both reasons (email first). Ordered by the kept client's registration, then the
 * other's. Any client-shaped object will do (the server's rows carry their version along); a pair holds the very
 * objects given.
 *
 * Grouped by key in one pass, without sorting the list: only the groups of two or more (a few hundred in a salon's
 * 50,000 clients) are looked at again; each distinct name is folded once (docs/performance.md, "Possible duplicates
 * at 50,000 clients").
 */
export function duplicatePairs<C extends Client>(clients: readonly C[]): Array<DuplicatePair<C>> {
  const folded = new Map<string, string>();
  const fold = (name: string) => {
    let key = folded.get(name);
    if (key === undefined) {
      key = foldText(name.trim());
      folded.set(name, key);
    }
    return key;
  };
  const byEmail = new Groups<C>();
  // By first name, then by last name: the folded names are the few strings of the cache, whose hashes V8 keeps, rather
  // than a new string per client joining the two.
  const byName = new Map<string, Groups<C>>();
  for (const client of clients) {
    byEmail.add(emailKey(client.email), client);
    const firstName = fold(client.firstName);
    let byLastName = byName.get(firstName);
    if (byLastName === undefined) {
      byLastName = new Groups<C>();
      byName.set(firstName, byLastName);
    }
    byLastName.add(fold(client.lastName), client);
  }
  const pairs = new Map<string, DuplicatePair<C>>();
  for (const [groups, reason] of [
    [[byEmail], 'email'],
    [byName.values(), 'name'],
  ] as const) {
    for (const group of [...groups].flatMap((keyed) => [...keyed.ofTwoOrMore()])) {
      // The first registered; of two alike, the first given (as a stable sort would have it).
      const kept = group.reduce((first, client) => (registeredFirst(client, first) < 0 ? client : first));
      for (const other of group) {
        if (other === kept) continue;
        const key = `${kept._id}\u0000${other._id}`;
        const found = pairs.get(key);
        if (found) found.reasons.push(reason);
        else pairs.set(key, { kept, other, reasons: [reason] });
      }
    }
  }
  return [...pairs.values()].sort((a, b) => registeredFirst(a.kept, b.kept) || registeredFirst(a.other, b.other));
}

/** Clients by key: the first of each key alone, a list only for a key met twice (most keys are met once). */
class Groups<C> {
  private readonly first = new Map<string, C>();
  private readonly more = new Map<string, C[]>();

  add(key: string, client: C): void {
    const first = this.first.get(key);
    if (first === undefined) this.first.set(key, client);
    else {
      const group = this.more.get(key);
      if (group) group.push(client);
      else this.more.set(key, [first, client]);
    }
  }

  ofTwoOrMore(): Iterable<C[]> {
    return this.more.values();
  }
}
