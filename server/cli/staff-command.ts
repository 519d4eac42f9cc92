/**
 * The staff CLI's logic, apart from the process (so tests can run it): parses the
 * arguments, runs the command on the database, and reports through `io`.
 */
import type { Kysely } from 'kysely';
import type { ScryptParams } from '../auth/password.ts';
import { createStaffAccounts, normalizeUsername, StaffAccountError } from '../auth/staff-accounts.ts';
import type { Database } from '../db/schema.ts';
import { PasswordInputAborted } from './read-password.ts';
import { refusalsExitOne, type CommandIo } from './run-command.ts';

export const STAFF_USAGE = `Usage: npm run staff -- <command>

  add <username>      create a staff account
  passwd <username>   set a new password (ends the account's sessions)
  remove <username>   delete the account (ends its sessions)
  list                show the accounts

Passwords are never arguments: they are typed without echo, or read from the first line
of standard input when it is piped (printf '%s\\n' "$PASSWORD" | npm run staff -- add alice).
The database is the server's: DATABASE_URL (default file:./data/salon.db).`;

export type StaffCommandIo = CommandIo & { readPassword(): Promise<string> };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

type StaffCommand = { name: 'list' } | { name: 'add' | 'passwd' | 'remove'; username: string };

/** Positional words only: no node:util parseArgs, which the CLIs with options use (docs/decisions/007-password-prompt.md). */
function parseStaffCommand(args: readonly string[]): StaffCommand | undefined {
  const [name, username, ...extra] = args;
  if (name === 'list' && args.length === 1) return { name };
  if ((name === 'add' || name === 'passwd' || name === 'remove') && username && extra.length === 0) return { name, username };
  return undefined;
}

/** Runs one command; returns the process exit code (0 done, 1 refused, 2 usage). */
export async function runStaffCommand(
  args: readonly string[],
  db: Kysely<Database>,
  io: StaffCommandIo,
  options: { hashing?: ScryptParams } = {},
): Promise<number> {
  const command = parseStaffCommand(args);
  if (!command) {
    io.err(STAFF_USAGE);
    return 2;
  }
  const accounts = createStaffAccounts(db, options);
  return refusalsExitOne(io, [StaffAccountError, PasswordInputAborted], async () => {
    switch (command.name) {
      case 'add': {
        const account = await accounts.add(command.username, await io.readPassword());
        io.out(`Created staff account ${account.username}.`);
        return 0;
      }
      case 'passwd': {
        const ended = await accounts.changePassword(command.username, await io.readPassword());
        io.out(`Changed the password of ${normalizeUsername(command.username)}; ${plural(ended, 'session')} ended.`);
        return 0;
      }
      case 'remove': {
        const ended = await accounts.remove(command.username);
        io.out(`Removed ${normalizeUsername(command.username)}; ${plural(ended, 'session')} ended.`);
        if ((await accounts.list()).length === 0) {
          io.out('No staff account is left: the next server start creates one (SALON_ADMIN_USERNAME / SALON_ADMIN_PASSWORD).');
        }
        return 0;
      }
      case 'list': {
        const list = await accounts.list();
        if (list.length === 0) io.out('No staff accounts.');
        for (const account of list) {
          io.out(`${account.username}\tcreated ${account.createdAt}\tpassword changed ${account.passwordChangedAt}`);
        }
        return 0;
      }
    }
  });
}
