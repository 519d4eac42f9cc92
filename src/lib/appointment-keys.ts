import type { QueryClient } from '@tanstack/react-query';

/**
 * The key every appointment query sits under (the book's, features/book/api): one invalidation reaches them all. Here,
 * not in the book, because a client's deletion, restore, erasure and merge (features that do not import the book)
 * change appointments too.
 */
export const APPOINTMENTS_KEY = ['appointments'] as const;

/** Asks again for every appointment the cache holds: the calendar's days, a client's "Appointments", one appointment. */
export const refreshAppointments = (queryClient: QueryClient): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY });
