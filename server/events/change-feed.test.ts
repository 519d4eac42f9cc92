/** The change feed on SQLite: another process's commit on the same file reaches the streams within a second. */
import { describe, expect, it } from 'vitest';
import { ClientInput } from '#contract/api';
import { createClientStore } from '../clients/client-store.ts';
import { openDatabase } from '../db/database.ts';
import { openEventStream } from '../testing/event-stream.ts';
import { aClient, listeningTestApp, logIn } from '../testing/test-app.ts';

describe('the change feed on SQLite', () => {
  it('hears another process’s commit to the same file (the staff CLI, a restore) within a second', async () => {
    const test = await listeningTestApp();
    const stream = await openEventStream(test.port, await logIn(test.app));
    await stream.ready();

    const other = await openDatabase({ kind: 'sqlite', file: test.databaseFile });
    try {
      const written = performance.now();
      const { client } = await createClientStore(other.db, other.engine).create(ClientInput.parse(aClient), 'cli');
      const [change] = await stream.untilChanges(1);
      expect(performance.now() - written).toBeLessThan(1000);
      expect(change).toMatchObject({ kind: 'registered', clientId: client._id, by: 'cli', client });
    } finally {
      await other.db.destroy();
    }
  });
});
