/**
 * Which mutations belong to the queue of changes made offline (waiting-changes-store.ts, docs/offline.md). The query
 * client notes them on every mutation event, so this part is in the landing page's bundle; the rest is not.
 */
import type { Mutation } from '@tanstack/react-query';

type AnyMutation = Mutation<unknown, Error, unknown, unknown>;

/** The changes that have been paused (offline) at some point: from then on they are the queue's. */
const queued = new WeakSet<object>();

/**
 * The query client calls this on every mutation event: a mutation that pauses, or one put into the cache from the saved
 * queue (already pending or failed, never idle), belongs to the queue.
 */
export function noteQueued(mutation: AnyMutation, added: boolean): void {
  if (mutation.state.isPaused || (added && mutation.state.status !== 'idle')) queued.add(mutation);
}

export function isQueued(mutation: AnyMutation): boolean {
  return queued.has(mutation);
}
