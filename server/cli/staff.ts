/** `npm run staff -- add|passwd|remove|list`: manages staff accounts in the server's database. */
import { openDatabase } from '../db/database.ts';
import { ConfigError, databaseFileFromUrl, DEFAULT_DATABASE_URL } from '../config.ts';
import { PasswordInputAborted, readNewPassword } from './read-password.ts';
import { runStaffCommand } from './staff-command.ts';

async function main(): Promise<number> {
  let file: string;
  try {
    file = databaseFileFromUrl(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const db = await openDatabase({ file });
  try {
    return await runStaffCommand(process.argv.slice(2), db, {
      readPassword: readNewPassword,
      out: (line) => console.info(line),
      err: (line) => console.error(line),
    });
  } catch (error) {
    if (error instanceof PasswordInputAborted) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('staff:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
