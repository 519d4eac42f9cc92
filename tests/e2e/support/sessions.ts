/** Sessions ended behind the server's back, in its database file, as a time-out or `npm run staff -- passwd` would. */
import { DatabaseSync } from 'node:sqlite';

/** Ends every session in the server's database; how many there were. */
export function endAllSessions(databaseFile: string): number {
  const db = new DatabaseSync(databaseFile, { timeout: 5000 });
  try {
    return Number(db.prepare('DELETE FROM sessions').run().changes);
  } finally {
    db.close();
  }
}
