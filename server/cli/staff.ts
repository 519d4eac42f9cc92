/** `npm run staff -- add|passwd|remove|list`: manages staff accounts in the server's database. */
import { openDatabase } from '../db/database.ts';
import { readNewPassword } from './read-password.ts';
import { runAsProcess } from './run-command.ts';
import { runStaffCommand } from './staff-command.ts';

runAsProcess('staff', async (args, database, io) => {
  const { db } = await openDatabase(database);
  try {
    return await runStaffCommand(args, db, { ...io, readPassword: readNewPassword });
  } finally {
    await db.destroy();
  }
});
