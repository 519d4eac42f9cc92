/**
 * The staff CLI's logic, apart from the process (so tests can run it): parses the
 * arguments, runs the command on the database, and reports through `io`.
 */
import type { Kysely } from 'kysely';
import { Role } from '#contract/team';
import type { ScryptParams } from '../auth/password.ts';
import { createStaffAccounts, normalizeUsername, StaffAccountError } from '../auth/staff-accounts.ts';
import type { Database } from '../db/schema.ts';
import { PasswordInputAborted } from './read-password.ts';
import { refusalsExitOne, type CommandIo } from './run-command.ts';

export const STAFF_USAGE = `Usage: npm run staff -- <command>

  add <username> [--role owner|staff]
                      create an account (staff by default)
  passwd <username>   set a new password (ends the account's sessions, turns off
                      "ask for my passkey after my password"); also the way
                      back in for an owner who lost theirs
  remove <username>   delete the account (ends its sessions); one with appointments
                      in the book stays: disable it on the staff page instead
  list                show the accounts

Passwords are never arguments: they are typed without echo, or read from the first line
of standard input when it is piped (printf '%s\\n' "$PASSWORD" | npm run staff -- add alice).
The database is the server's: DATABASE_URL (default file:./data/salon.db).`;

export type StaffCommandIo = CommandIo & { readPassword(): Promise<string> };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

type StaffCommand = { name: 'list' } | { name: 'add'; username: string; role: Role } | { name: 'passwd' | 'remove'; username: string };

/** Positional words and add's one option (docs/decisions/007-password-prompt.md). */
function parseStaffCommand(args: readonly string[]): StaffCommand | undefined {
  const [name, username, ...extra] = args;
  if (name === 'list' && args.length === 1) return { name };
  if (!username || username.startsWith('-')) return undefined;
  if ((name === 'passwd' || name === 'remove') && extra.length === 0) return { name, username };
  if (name !== 'add') return undefined;
  const role = addRole(extra);
  return role ? { name, username, role } : undefined;
}

/** add's `--role owner|staff` (or `--role=…`); staff when not given. */
function addRole(extra: readonly string[]): Role | undefined {
  if (extra.length === 0) return 'staff';
  const [option, value] = extra;
  const given =
    extra.length === 1 && option?.startsWith('--role=')
      ? option.slice('--role='.length)
      : extra.length === 2 && option === '--role'
        ? value
        : undefined;
  const role = Role.safeParse(given);
  return role.success ? role.data : undefined;
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
        const account = await accounts.add(command.username, await io.readPassword(), command.role);
        io.out(`Created ${account.role === 'owner' ? 'owner' : 'staff'} account ${account.username}.`);
        return 0;
      }
      case 'passwd': {
        const username = normalizeUsername(command.username);
        const { ended, passkeyStepTurnedOff } = await accounts.changePassword(command.username, await io.readPassword());
        io.out(`Changed the password of ${username}; ${plural(ended, 'session')} ended.`);
        if (passkeyStepTurnedOff) io.out(`Turned off "Ask for my passkey after my password" for ${username}: the password alone signs in.`);
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
          io.out(`${account.username}\t${account.role}\tcreated ${account.createdAt}\tpassword changed ${account.passwordChangedAt}`);
        }
        return 0;
      }
    }
  });
}
