/**
 * Conditional writes by several staff at once (issue 18), as a property: whatever the
 * interleaving, each client's version is the number of its log entries and every 2xx write
 * is in the log.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PreconditionFailedBody } from '#contract/api';
import { aClient, createClient, loggedIn, type LoggedInApp } from '../testing/test-app.ts';

const WRITERS = 3;
const CLIENTS = 2;

type Action = 'update' | 'delete' | 'restore' | 'read';
type Step = { writer: number; client: number; action: Action };

const step = fc.record({
  writer: fc.integer({ min: 0, max: WRITERS - 1 }),
  client: fc.integer({ min: 0, max: CLIENTS - 1 }),
  action: fc.constantFrom<Action>('update', 'update', 'delete', 'restore', 'read'),
});
/** Steps in batches; the steps of one batch run concurrently. */
const batches = fc.array(fc.array(step, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 });

const versionOf = (etag: unknown) => Number(/^"v(\d+)"$/.exec(String(etag))?.[1]);

async function run(test: LoggedInApp, plan: Step[][]): Promise<void> {
  const ids = await Promise.all(Array.from({ length: CLIENTS }, async () => (await createClient(test))._id));
  // What each writer last saw of each client's version.
  const seen = Array.from({ length: WRITERS }, () => Array.from({ length: CLIENTS }, () => 1));
  const written = new Map<string, Array<{ version: number | undefined; kind: string }>>(ids.map((id) => [id, []]));
  const headers = { cookie: test.cookie };

  async function perform({ writer, client, action }: Step): Promise<void> {
    const id = ids[client] as string;
    const ifMatch = { ...headers, 'if-match': `"v${seen[writer]?.[client]}"` };
    const response =
      action === 'update'
        ? await test.app.inject({
            method: 'PUT',
            url: `/api/clients/${id}`,
            headers: ifMatch,
            payload: { ...aClient, firstName: `W${writer}` },
          })
        : action === 'delete'
          ? await test.app.inject({ method: 'DELETE', url: `/api/clients/${id}`, headers: ifMatch })
          : action === 'restore'
            ? await test.app.inject({ method: 'POST', url: `/api/clients/${id}/restore`, headers })
            : await test.app.inject({ method: 'GET', url: `/api/clients/${id}`, headers });
    const versions = seen[writer] as number[];
    if (response.statusCode === 412) versions[client] = response.json<PreconditionFailedBody>().current.version;
    else if (response.headers.etag) versions[client] = versionOf(response.headers.etag);
    if (action === 'read' || response.statusCode >= 300) {
      expect([200, 404, 412]).toContain(response.statusCode);
      return;
    }
    const kind = action === 'update' ? 'updated' : action === 'delete' ? 'deleted' : 'restored';
    written.get(id)?.push({ version: response.headers.etag ? versionOf(response.headers.etag) : undefined, kind });
  }

  for (const batch of plan) await Promise.all(batch.map(perform));

  for (const id of ids) {
    const row = await test.app.db.selectFrom('clients').select('version').where('id', '=', id).executeTakeFirstOrThrow();
    const log = await test.app.db
      .selectFrom('client_changes')
      .select(['version', 'kind'])
      .where('client_id', '=', id)
      .orderBy('seq')
      .execute();
    const writes = written.get(id) ?? [];
    expect(row.version).toBe(log.length);
    expect(log.length).toBe(1 + writes.length);
    expect(log.map((entry) => entry.version)).toEqual(log.map((_, index) => index + 1));
    for (const write of writes) {
      expect(log).toContainEqual(write.version === undefined ? expect.objectContaining({ kind: write.kind }) : write);
    }
  }
}

describe('conditional writes by several staff', () => {
  // 25 runs of up to 24 requests: a few seconds alone, more beside the rest of the suite.
  it('leave each client’s version equal to its log entries, with every 2xx write logged', { timeout: 30_000 }, async () => {
    const test = await loggedIn();
    await fc.assert(
      fc.asyncProperty(batches, (plan) => run(test, plan)),
      { numRuns: 25 },
    );
  });
});
