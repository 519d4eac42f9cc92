/**
 * What the CLIs (staff, backup, restore, db:copy) share: how a command reports, how it reads its
 * arguments, how a refusal the user can act on becomes exit code 1, and how a command runs as the process.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { ConfigError, databaseFromUrl, DEFAULT_DATABASE_URL } from '../config.ts';
import type { DatabaseConfig } from '../db/database.ts';

/** Results on stdout, messages on stderr. */
export type CommandIo = {
  out(line: string): void;
  err(line: string): void;
};

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs `work`; when it fails with one of the `refusals` (an error whose message tells the user
 * what to do), prints that message and returns exit code 1. Any other error is a bug: it propagates.
 */
export async function refusalsExitOne(io: CommandIo, refusals: readonly ErrorClass[], work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (!refusals.some((refusal) => error instanceof refusal)) throw error;
    io.err((error as Error).message);
    return 1;
  }
}

type ParsedArguments<Options extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ options: Options; allowPositionals: true; strict: true }>
>;

/**
 * A command's arguments, read by node:util's parseArgs with `--help` beside `options`. `--help`: the usage on stdout,
 * exit code 0; an unknown option, a `required` one missing or empty or another number of `positionals` than the command takes:
 * the usage on stderr, exit code 2. Either way the command returns that number.
 */
export function commandArguments<Options extends ParseArgsOptionsConfig>(
  args: readonly string[],
  io: CommandIo,
  usage: string,
  { options, required = [], positionals = 0 }: { options: Options; required?: readonly (keyof Options & string)[]; positionals?: number },
): ParsedArguments<Options> | number {
  let parsed: ParsedArguments<Options>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { ...options, help: { type: 'boolean' } },
      allowPositionals: positionals > 0,
      strict: true,
    }) as ParsedArguments<Options>;
  } catch {
    io.err(usage);
    return 2;
  }
  const values = parsed.values as Record<string, unknown>;
  if (values.help) {
    io.out(usage);
    return 0;
  }
  if (parsed.positionals.length !== positionals || required.some((name) => !values[name])) {
    io.err(usage);
    return 2;
  }
  return parsed;
}

export type ProcessCommand = (args: readonly string[], database: DatabaseConfig, io: CommandIo & { progress: Progress }) => Promise<number>;

/** Where progress goes: a terminal gets one line rewritten in place, anything else a line every 10 %. */
export type Progress = { isTTY: boolean; write(text: string): void };

/**
 * Runs a command as the process: on the server's DATABASE_URL, results on stdout, messages and
 * progress on stderr, its return value as the exit code. A bad DATABASE_URL or an unexpected
 * failure is one line on stderr and exit code 1, never a stack trace.
 */
export function runAsProcess(name: string, command: ProcessCommand): void {
  const io = {
    out: (line: string) => console.info(line),
    err: (line: string) => console.error(line),
    progress: { isTTY: process.stderr.isTTY === true, write: (text: string) => void process.stderr.write(text) },
  };
  Promise.resolve()
    .then(() => command(process.argv.slice(2), databaseFromUrl(process.env.DATABASE_URL || DEFAULT_DATABASE_URL), io))
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        console.error(error instanceof ConfigError ? message : `${name} failed: ${message}`);
        process.exitCode = 1;
      },
    );
}

/** The SQLite file of `database`; a PostgreSQL database is refused, naming the tool that does the job there. */
export function sqliteFileOnly(database: DatabaseConfig, command: 'backup' | 'restore'): string {
  if (database.kind === 'sqlite') return database.file;
  const tool = command === 'backup' ? 'pg_dump' : 'pg_restore';
  throw new ConfigError(`npm run ${command} works on a SQLite database; on PostgreSQL use ${tool} (see docs/deploy.md)`);
}
