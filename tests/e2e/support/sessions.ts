/** Sessions ended behind the server's back, in its database file, as a time-out or `npm run staff -- passwd` would. */
import Database from 'better-sqlite3';

/** Ends every session in the server's database; how many there were. */
export function endAllSessions(databaseFile: string): number {
  const db = new Database(databaseFile);
  try {
    db.pragma('busy_timeout = 5000');
    return db.prepare('DELETE FROM sessions').run().changes;
  } finally {
    db.close();
  }
}
