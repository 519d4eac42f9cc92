import type { Client, ClientInputBody } from '#contract/api';
import type { WaitingChange } from '../../../lib/waiting-changes/client-changes.ts';
import { needsDecision } from '../../../lib/waiting-changes/waiting-changes.ts';

/** How the list marks a client with a change made offline that the server does not have yet. */
export type WaitingMark = { label: 'Waiting to save' | 'Needs your decision'; canEdit: boolean };

/**
 * The list as this device has it: a waiting update shows its values, a waiting deletion stays until it is sent, and a
 * waiting registration is a row of its own (no Edit yet: the server gives it its id). Each such row is marked.
 */
export function withWaitingChanges(
  clients: readonly Client[],
  changes: readonly WaitingChange[],
): { clients: readonly Client[]; marks: ReadonlyMap<string, WaitingMark> } {
  if (changes.length === 0) return { clients, marks: new Map() };
  const marks = new Map<string, WaitingMark>();
  const updated = new Map<string, ClientInputBody>();
  const added: Client[] = [];
  for (const change of changes) {
    const label = needsDecision(change.mutation) ? 'Needs your decision' : 'Waiting to save';
    if (change.kind === 'create') {
      const _id = `waiting-${change.registration.idempotencyKey}`;
      added.push({ _id, ...change.registration.input });
      marks.set(_id, { label, canEdit: false });
    } else if (change.kind === 'update') {
      updated.set(change.update.clientId, change.update.input);
      marks.set(change.update.clientId, { label, canEdit: true });
    } else {
      marks.set(change.deletion.clientId, { label, canEdit: true });
    }
  }
  const shown = clients.map((client) => {
    const input = updated.get(client._id);
    return input ? { ...client, ...input } : client;
  });
  return { clients: [...shown, ...added], marks };
}
