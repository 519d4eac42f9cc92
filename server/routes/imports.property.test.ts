/**
 * An import followed by its undo (issue 29), as a property: whatever the clients already there and whatever the file
 * (new, existing in any case, repeated, not valid rows; "Skip them" or "Update them"), the undo leaves the list, each
 * client's values and "Recently deleted" as they were, apart from the import's own clients, now in Recently deleted,
 * and each client's history as it was apart from the import's entry and the undo's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ImportSummary } from '#contract/import';
import { storeSnapshot } from '../testing/store-snapshot.ts';
import { asStaff, createClient, loggedIn } from '../testing/test-app.ts';

const EMAILS = ['ann', 'bea', 'cal', 'dee', 'eve', 'fay'].map((name) => `${name}@example.com`);

const caseOf = (email: string, upper: boolean) => (upper ? email.toUpperCase() : email);

const existingClient = fc.record({
  email: fc.constantFrom(...EMAILS),
  firstName: fc.constantFrom('Ann', 'Bea', 'Léa'),
  day: fc.integer({ min: 1, max: 28 }),
});

const fileRow = fc.oneof(
  fc.record({
    firstName: fc.constantFrom('Ann', 'Bea', 'Zoë', ' Cal '),
    lastName: fc.constantFrom('Hart', 'Ng'),
    email: fc
      .tuple(fc.constantFrom(...EMAILS, 'new1@example.com', 'new2@example.com'), fc.boolean())
      .map(([email, upper]) => caseOf(email, upper)),
    registrationDateTime: fc.constantFrom('2024-05-01T10:30', '', '2024-02-30T10:00'),
  }),
  fc.constantFrom<unknown>({ firstName: '', lastName: 'Hart', email: 'x@example.com', registrationDateTime: '' }, 'not a row', null, {
    extra: 1,
  }),
);

const scenario = fc.record({
  clients: fc.array(existingClient, { maxLength: 5 }),
  rows: fc.array(fileRow, { minLength: 1, maxLength: 12 }),
  existing: fc.constantFrom<'skip' | 'update'>('skip', 'update'),
});

describe('an import and its undo', () => {
  it('leave the clients, their values and Recently deleted as they were, but for the import’s own', async () => {
    // One server for every run: each starts from what the runs before it left, which is any state.
    const test = await loggedIn();
    await fc.assert(
      fc.asyncProperty(scenario, async ({ clients, rows, existing }) => {
        for (const client of clients) {
          await createClient(test, {
            firstName: client.firstName,
            lastName: 'Before',
            email: client.email,
            registrationDateTime: `2023-01-${String(client.day).padStart(2, '0')}T09:00`,
          });
        }
        const before = await storeSnapshot(test);
        const response = await asStaff(test, 'POST', '/api/imports', { payload: { fileName: 'file.csv', existing, rows } });
        expect(response.statusCode).toBe(201);
        const summary = response.json<ImportSummary>();
        expect(summary.created + summary.updated + summary.skipped).toBe(rows.length);
        const undo = await asStaff(test, 'POST', `/api/imports/${summary.id}/undo`);
        expect(undo.statusCode).toBe(200);
        expect(undo.json<ImportSummary>().undone?.leftAsChanged).toEqual([]);
        const after = await storeSnapshot(test);

        expect(after.list).toEqual(before.list);
        const known = new Set(before.histories.keys());
        const created = after.deleted.filter((client) => !known.has(client._id));
        expect(created).toHaveLength(summary.created);
        expect(after.deleted.filter((client) => known.has(client._id))).toEqual(before.deleted);
        let updated = 0;
        for (const [id, history] of before.histories) {
          const now = after.histories.get(id) ?? [];
          if (now.length === history.length) {
            expect(now).toEqual(history);
            continue;
          }
          // Updated by the import: its entry and the undo's on top, the undo's values those from before it.
          updated += 1;
          const [undone, imported, ...rest] = now;
          expect(rest).toEqual(history);
          expect(imported).toMatchObject({ kind: 'imported', before: history[0]?.after });
          expect(undone).toMatchObject({ kind: 'updated', before: imported?.after, after: history[0]?.after });
        }
        expect(updated).toBe(summary.updated);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
