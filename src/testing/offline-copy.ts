/** What the offline copy's tests share (features/offline/offline-copy.test.tsx, routes/offline-copy.test.tsx). */
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { waitFor } from '@testing-library/react';
import { get } from 'idb-keyval';
import { vi } from 'vitest';
import { DEFAULT_SESSION_MAX_MS } from '#contract/session-expires';
import type { Login } from '../lib/login-flag.ts';
import { OFFLINE_COPY_KEY } from '../lib/offline-copy-store.ts';

export const storedCopy = () => get<string>(OFFLINE_COPY_KEY);

/** The queries the stored copy holds, by their hashes. */
export async function savedQueries(): Promise<string[]> {
  const copy = await storedCopy();
  return copy ? (JSON.parse(copy) as PersistedClient).clientState.queries.map((query) => query.queryHash) : [];
}

/** A login `ago` ms ago, whose session lasts the default length. */
export const loginOf = (account: string, ago: number): Login => {
  const at = Date.now() - ago;
  return { account, at, endsAt: at + DEFAULT_SESSION_MAX_MS };
};

/**
 * The persister writes at most once a second: a change waits for the next write. Where the clock is Vitest's, each
 * look moves it on 200 ms: the second passes in a few looks rather than in a second of the run, and the write must
 * still come within 3 s of that clock. Elsewhere, within 3 s of real time.
 */
export const untilWritten = (check: () => Promise<void>) =>
  waitFor(
    async () => {
      if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(200);
      await check();
    },
    { timeout: 3000 },
  );
