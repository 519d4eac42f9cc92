/**
 * What the offline copy of the cache (features/offline, kept from the root layout) leaves out of the other features'
 * data: who signed in from where, who has access. Here, in the app layer, since it spans features: a feature imports
 * no other (eslint.config.js). IndexedDB from fake-indexeddb (jsdom has none), as in offline-copy.test.tsx.
 */
import 'fake-indexeddb/auto';
import { hashKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { auditKeys, auditQueries } from '../features/audit/api/audit-queries.ts';
import { clientKeys, clientQueries } from '../features/clients/api/client-queries.ts';
import { keepOfflineCopy } from '../features/offline/offline-copy.ts';
import { sessionsQuery } from '../features/team/api/account.ts';
import { staffQuery } from '../features/team/api/staff.ts';
import { forgetOfflineCopy } from '../lib/offline-copy-store.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { loginOf, savedQueries, untilWritten } from '../testing/offline-copy.ts';

/** Vitest's fake clock (setTimeout and Date, which the persister's throttle reads), running on with real time. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true, advanceTimeDelta: 1 });
});
afterEach(() => {
  vi.useRealTimers();
});
afterEach(() => forgetOfflineCopy());

describe('the offline copy of the cache', () => {
  it('leaves out the audit trail: who signed in from where stays on the server (meta offlineCopy: false)', async () => {
    mockDb.startSession();
    await mockDb.recordAudit({ kind: 'sign-in', actor: 'admin' });
    const queryClient = createQueryClient({ onUnauthorized: () => {}, retry: false });
    const stop = keepOfflineCopy(queryClient, loginOf('admin', 1000));
    const trail = auditQueries.trail({});
    expect((await queryClient.fetchInfiniteQuery(trail)).pages[0]?.entries).toHaveLength(1);
    await queryClient.fetchQuery(clientQueries.list());
    await untilWritten(async () => expect(await savedQueries()).toContain(hashKey(clientKeys.lists())));
    expect(await savedQueries()).not.toContain(hashKey(auditKeys.trail({})));
    stop();
  });

  it('leaves out the staff page and the account’s sessions: who has access, from where (meta offlineCopy: false)', async () => {
    mockDb.startSession();
    const queryClient = createQueryClient({ onUnauthorized: () => {}, retry: false });
    const stop = keepOfflineCopy(queryClient, loginOf('admin', 1000));
    expect(await queryClient.fetchQuery(staffQuery())).not.toHaveLength(0);
    expect(await queryClient.fetchQuery(sessionsQuery())).not.toHaveLength(0);
    await queryClient.fetchQuery(clientQueries.list());
    await untilWritten(async () => expect(await savedQueries()).toContain(hashKey(clientKeys.lists())));
    const saved = await savedQueries();
    expect(saved).not.toContain(hashKey(staffQuery().queryKey));
    expect(saved).not.toContain(hashKey(sessionsQuery().queryKey));
    stop();
  });
});
