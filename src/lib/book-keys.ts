/**
 * The roots of the book's query keys (issue 40): every appointment query sits under `appointments`, every day's free
 * times under `availability`. Here rather than in features/book, because the live updates (features/live-updates)
 * ask for them again too.
 */
import type { QueryClient } from '@tanstack/react-query';

export const bookRootKeys = {
  appointments: ['appointments'] as const,
  availability: ['availability'] as const,
};

/** A booking, a move, a cancellation or its undo, this tab's or a colleague's: every appointment query and free time asks again. */
export function refetchBook(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bookRootKeys.appointments }),
    queryClient.invalidateQueries({ queryKey: bookRootKeys.availability }),
  ]);
}
