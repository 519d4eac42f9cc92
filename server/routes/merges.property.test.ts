/**
 * A merge followed by its undo (issue 29), as a property: whatever the clients (alike in name, email or both, deleted
 * or not) and whatever pair is merged with whatever choices, the undo leaves the list, "Recently deleted", each
 * client's values and each history as they were, apart from the merge's entry and the undo's on the two clients.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DuplicatePairBody, MergeSummary } from '#contract/merge';
import { storeSnapshot } from '../testing/store-snapshot.ts';
import { asStaff, createClient, loggedIn } from '../testing/test-app.ts';

const source = fc.constantFrom<'kept' | 'other'>('kept', 'other');

const scenario = fc.record({
  clients: fc.array(
    fc.record({
      firstName: fc.constantFrom('Ann', 'ANN', 'Léa', 'Lea'),
      lastName: fc.constantFrom('Hart', 'hart', 'Ng'),
      email: fc.constantFrom('ann@example.com', 'ANN@example.com ', 'lea@example.com', 'x@example.com'),
      day: fc.integer({ min: 1, max: 28 }),
      deleted: fc.boolean(),
    }),
    { minLength: 2, maxLength: 6 },
  ),
  pick: fc.nat(),
  fields: fc.record({ firstName: source, lastName: source, email: source, registrationDateTime: source }),
});

describe('a merge and its undo', () => {
  it('leave the clients, their values, Recently deleted and the histories as they were, but for the two entries', async () => {
    // One server for every run: each starts from what the runs before it left, which is any state.
    const test = await loggedIn();
    let merges = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ clients, pick, fields }) => {
        for (const client of clients) {
          const created = await createClient(test, {
            firstName: client.firstName,
            lastName: client.lastName,
            email: client.email,
            registrationDateTime: `2023-01-${String(client.day).padStart(2, '0')}T09:00`,
          });
          if (client.deleted) await asStaff(test, 'DELETE', `/api/clients/${created._id}`);
        }
        const pairs = (await asStaff(test, 'GET', '/api/duplicates')).json<DuplicatePairBody[]>();
        const pair = pairs[pick % Math.max(pairs.length, 1)];
        if (!pair) return;
        const before = await storeSnapshot(test);
        const response = await asStaff(test, 'POST', '/api/merges', {
          payload: {
            keepId: pair.kept.client._id,
            otherId: pair.other.client._id,
            keepVersion: pair.kept.version,
            otherVersion: pair.other.version,
            fields,
          },
        });
        expect(response.statusCode).toBe(201);
        const summary = response.json<MergeSummary>();
        const undo = await asStaff(test, 'POST', `/api/merges/${summary.id}/undo`);
        expect(undo.statusCode).toBe(200);
        merges += 1;
        const after = await storeSnapshot(test);

        expect(after.list).toEqual(before.list);
        expect(after.deleted).toEqual(before.deleted);
        const two = new Set([pair.kept.client._id, pair.other.client._id]);
        for (const [id, history] of before.histories) {
          const now = after.histories.get(id) ?? [];
          if (!two.has(id)) {
            expect(now).toEqual(history);
            continue;
          }
          const [undone, merged, ...rest] = now;
          expect(rest).toEqual(history);
          expect(merged).toMatchObject({ kind: 'merged', before: history[0]?.after });
          expect(undone).toMatchObject({ kind: 'unmerged', after: history[0]?.after });
        }
      }),
      { numRuns: 25 },
    );
    // The property ran on merges, not only on lists without duplicates.
    expect(merges).toBeGreaterThan(10);
  }, 120_000);
});
