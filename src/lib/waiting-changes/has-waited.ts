/**
 * Which mutations are waiting changes (waiting-changes.ts, docs/offline.md). The query client notes them on every
 * mutation event, so this part is in the landing page's bundle; the rest of this folder is not.
 */
import type { Mutation } from '@tanstack/react-query';

type AnyMutation = Mutation<unknown, Error, unknown, unknown>;

/** The changes that have been paused (offline) at some point: from then on they are waiting changes. */
const waited = new WeakSet<object>();

/**
 * The query client calls this on every mutation event: a mutation that pauses, or one put into the cache from the
 * disk (already pending or failed, never idle), has waited.
 */
export function noteIfWaiting(mutation: AnyMutation, added: boolean): void {
  if (mutation.state.isPaused || (added && mutation.state.status !== 'idle')) waited.add(mutation);
}

export function hasWaited(mutation: AnyMutation): boolean {
  return waited.has(mutation);
}
