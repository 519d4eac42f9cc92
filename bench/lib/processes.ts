/**
 * Every process the benchmarks start goes through here, so that all of them are stopped at
 * the end: on success, on failure, on Ctrl-C, and on a time-out of the whole run.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';

const running = new Set<ChildProcess>();
const cleanups = new Set<() => Promise<void> | void>();

/** Makes sure `child` is stopped when the benchmark ends, whatever happens. */
export function trackProcess(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/** Starts a process that is killed when the benchmark ends, whatever happens. */
export function startProcess(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  trackProcess(child);
  return child;
}

/** Runs a command to its end; throws with its output when it fails or outlives `timeoutMs`. */
export async function runToEnd(
  command: string,
  args: readonly string[],
  { timeoutMs, env, cwd }: { timeoutMs: number; env?: NodeJS.ProcessEnv; cwd?: string },
): Promise<string> {
  const child = startProcess(command, args, { env: env ?? process.env, cwd });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${signal ?? code}):\n${output.slice(-4000)}`);
  return output;
}

/** Stops a process: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Something to undo at the end (a browser to close, a directory to delete). */
export function onCleanup(cleanup: () => Promise<void> | void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

export async function cleanUpEverything(): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('Cleanup failed:', error);
    }
  }
  cleanups.clear();
  await Promise.all([...running].map((child) => stopProcess(child, 3000)));
}

function killAllNow(): void {
  for (const child of running) child.kill('SIGKILL');
}

let installed = false;

/**
 * Runs `main` with everything stopped at its end, and the whole run bounded by `limitMs`.
 * Returns the process exit code.
 */
export async function withCleanup(main: () => Promise<number>, limitMs: number): Promise<number> {
  if (!installed) {
    installed = true;
    process.once('exit', killAllNow);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        console.error(`\n${signal}: stopping the benchmark`);
        void cleanUpEverything().finally(() => process.exit(130));
      });
    }
  }
  const limit = setTimeout(() => {
    console.error(`The benchmark ran over its ${limitMs / 60_000} minute limit: stopping.`);
    void cleanUpEverything().finally(() => process.exit(1));
  }, limitMs);
  limit.unref();
  try {
    return await main();
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    return 1;
  } finally {
    clearTimeout(limit);
    await cleanUpEverything();
  }
}
