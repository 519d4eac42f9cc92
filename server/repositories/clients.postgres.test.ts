/**
 * On PostgreSQL the change log's sequence numbers are committed in order (docs/decisions/014): a writer of clients
 * waits for the one before it to commit, so a reader that has seen entry n never later finds one below n.
 */
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database.ts';
import { aClient } from '../testing/test-app.ts';
import { createClientsRepository } from './clients.ts';

const writer = (by: string) => ({ by, now: new Date() });

describe('the change log on PostgreSQL', () => {
  it('commits sequence numbers in order: a second writer waits for the first to commit', async () => {
    const db = await openTestDatabase();
    try {
      const clients = createClientsRepository(db);
      await clients.insert('client-a', aClient, writer('maria'));
      await clients.insert('client-b', aClient, writer('sam'));

      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let firstWrote!: () => void;
      const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
      const first = db.transaction().execute(async (trx) => {
        await createClientsRepository(trx).update('client-a', { ...aClient, lastName: 'First' }, writer('maria'), undefined);
        firstWrote();
        await held;
      });
      await wrote;

      let secondDone = false;
      const second = clients.update('client-b', { ...aClient, lastName: 'Second' }, writer('sam'), undefined).then((outcome) => {
        secondDone = true;
        return outcome;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(secondDone).toBe(false);

      release();
      await first;
      expect((await second).status).toBe('written');
      const changes = await db
        .selectFrom('client_changes')
        .select(['seq', 'client_id'])
        .where('kind', '=', 'updated')
        .orderBy('seq')
        .execute();
      expect(changes.map((change) => change.client_id)).toEqual(['client-a', 'client-b']);
    } finally {
      await db.destroy();
    }
  });
});
