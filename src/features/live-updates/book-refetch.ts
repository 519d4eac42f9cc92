/**
 * The book, live (issue 40): an `appointment` event (a booking, move, cancellation or undo, anyone's) or a stream's
 * `ready` (a reconnection may have missed some: they carry no id to replay from) has every appointment query and free
 * time on screen ask again. A burst makes one refetch: events are gathered for a moment first, and those that come
 * while it runs make one more after it (what it read may predate them).
 */
import type { QueryClient } from '@tanstack/react-query';
import { refetchBook } from '../../lib/book-keys.ts';

/** Events this close together make one refetch; well inside the second a colleague's change may take to show. */
export const BURST_MS = 100;

/** What a book event calls; `stop` forgets a refetch not yet begun (the stream ended). */
export function bookRefetcher(queryClient: QueryClient) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;

  const start = () => {
    timer = undefined;
    running = true;
    void refetchBook(queryClient).finally(() => {
      running = false;
      if (!again) return;
      again = false;
      changed();
    });
  };
  function changed(): void {
    if (running) again = true;
    else timer ??= setTimeout(start, BURST_MS);
  }
  return { changed, stop: () => clearTimeout(timer) };
}
