/**
 * Possible duplicates (issue 29), one reading for the mock and the server: clients with the same email (trimmed, in
 * any case) or the same first and last name (in any case, without accents: "Lucía Pérez" and "LUCIA PEREZ").
 */
import type { Client } from './api.ts';
import { emailKey, foldText } from './text.ts';

export type DuplicateReason = 'email' | 'name';

/** Two clients that may be one: `kept` was registered first (a merge keeps its id), `other` later. */
export type DuplicatePair = { kept: Client; other: Client; reasons: DuplicateReason[] };

/** By registration; the id decides between two registered at the same time. */
export function registeredFirst(a: Client, b: Client): number {
  if (a.registrationDateTime !== b.registrationDateTime) return a.registrationDateTime < b.registrationDateTime ? -1 : 1;
  return a._id === b._id ? 0 : a._id < b._id ? -1 : 1;
}

/**
 * The pairs, in one pass over the list: each client that shares an email or a name with an earlier-registered one is
 * paired with the first registered of them (three clients with one email are two pairs, not three: each merge keeps the
 * first). A pair alike in both is listed once, with both reasons. Ordered by the kept client's registration.
 */
export function duplicatePairs(clients: readonly Client[]): DuplicatePair[] {
  const ordered = [...clients].sort(registeredFirst);
  const firstByEmail = new Map<string, Client>();
  const firstByName = new Map<string, Client>();
  const pairs = new Map<string, DuplicatePair>();
  const pair = (kept: Client, other: Client, reason: DuplicateReason) => {
    const key = `${kept._id}\u0000${other._id}`;
    const found = pairs.get(key);
    if (found) found.reasons.push(reason);
    else pairs.set(key, { kept, other, reasons: [reason] });
  };
  for (const client of ordered) {
    const email = emailKey(client.email);
    const name = `${foldText(client.firstName.trim())}\u0000${foldText(client.lastName.trim())}`;
    const sameEmail = firstByEmail.get(email);
    const sameName = firstByName.get(name);
    if (sameEmail) pair(sameEmail, client, 'email');
    else firstByEmail.set(email, client);
    if (sameName) pair(sameName, client, 'name');
    else firstByName.set(name, client);
  }
  return [...pairs.values()].sort((a, b) => registeredFirst(a.kept, b.kept) || registeredFirst(a.other, b.other));
}
