/**
 * Every process the browser tests, the benchmarks and the reliability suite start is tracked
 * here, so that none outlives the run: each is killed when this process exits, however it
 * exits. A run that owns its process (the benchmarks) goes through `withCleanup`, which also
 * stops everything, and undoes what was registered with `onCleanup`, at its end, on Ctrl-C, on
 * an uncaught error and when it outlives its time limit; the reliability suite's Vitest workers
 * call `cleanUp` after each test file (tests/reliability/setup.ts).
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const running = new Set<ChildProcess>();
const cleanups = new Set<() => unknown>();

/**
 * Sends `signal` to the child's whole process group when it leads one (spawned `detached`, so
 * that `npm run …` and the node process it starts stop together), to the child alone otherwise.
 * False when nothing was left to receive it.
 */
function signalProcess(child: ChildProcess, signal: NodeJS.Signals | 0): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    // ESRCH: no such group (not a group leader, or the whole group is gone).
  }
  if (child.exitCode !== null || child.signalCode !== null) return false;
  return signal === 0 || child.kill(signal);
}

const isAlive = (child: ChildProcess) => signalProcess(child, 0);

function killAllNow(): void {
  for (const child of running) signalProcess(child, 'SIGKILL');
  running.clear();
  // Only what a cleanup does synchronously happens here (unmounting a tmpfs, say).
  for (const cleanup of [...cleanups].reverse()) {
    try {
      void cleanup();
    } catch (error) {
      console.error('Cleanup failed:', error);
    }
  }
  cleanups.clear();
}

let killedOnExit = false;

/** Makes sure `child` (and its group) is killed when this process exits, whatever happens. */
export function trackProcess(child: ChildProcess): void {
  if (!killedOnExit) {
    killedOnExit = true;
    process.once('exit', killAllNow);
  }
  running.add(child);
  // A group leader's exit may leave members behind: stopProcess forgets the child then.
  child.once('exit', () => {
    if (!isAlive(child)) running.delete(child);
  });
}

/** Starts a tracked process, its output piped. */
export function startProcess(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  trackProcess(child);
  return child;
}

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Stops a process (its whole group, when it leads one): SIGTERM, then SIGKILL for whatever is
 * left after `graceMs`.
 */
export async function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  const exited = exitOf(child);
  if (signalProcess(child, 'SIGTERM')) {
    const deadline = Date.now() + graceMs;
    await Promise.race([exited, sleep(graceMs)]);
    while (isAlive(child) && Date.now() < deadline) await sleep(50);
    if (isAlive(child)) signalProcess(child, 'SIGKILL');
  }
  await exited;
  running.delete(child);
}

/** SIGKILL to the process (its whole group, when it leads one), and waits until it is gone. */
export async function killProcess(child: ChildProcess): Promise<void> {
  const exited = exitOf(child);
  signalProcess(child, 'SIGKILL');
  await exited;
  running.delete(child);
}

/** Something to undo at the end of the run (a browser to close, a directory to delete); the returned function forgets it. */
export function onCleanup(cleanup: () => unknown): () => void {
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

/** Stops every tracked process, then runs the cleanups, the last registered first (they may need the processes gone). */
export async function cleanUp(): Promise<void> {
  await Promise.all([...running].map((child) => stopProcess(child, 3000)));
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    try {
      await cleanup();
    } catch (error) {
      console.error('Cleanup failed:', error);
    }
  }
}

let handlersInstalled = false;

function stopAndExit(code: number): void {
  void cleanUp().finally(() => process.exit(code));
}

/**
 * Runs `main` (a whole run) with everything it started stopped at its end, on Ctrl-C, SIGTERM
 * or SIGHUP, on an uncaught error, and when it outlives `limitMs`. Returns main's exit code,
 * 1 when it threw.
 */
export async function withCleanup(main: () => Promise<number>, limitMs?: number): Promise<number> {
  if (!handlersInstalled) {
    handlersInstalled = true;
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      // `once`: a second Ctrl-C exits at once (the 'exit' handler still kills what is left).
      process.once(signal, () => {
        console.error(`\n${signal}: stopping everything this run started`);
        stopAndExit(130);
      });
    }
    process.on('uncaughtException', (error) => {
      console.error('Uncaught error:', error);
      stopAndExit(1);
    });
    process.on('unhandledRejection', (error) => {
      console.error('Unhandled rejection:', error);
      stopAndExit(1);
    });
  }
  const limit =
    limitMs === undefined
      ? undefined
      : setTimeout(() => {
          console.error(`The run went over its ${limitMs / 60_000} minute limit: stopping.`);
          stopAndExit(1);
        }, limitMs).unref();
  try {
    return await main();
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    return 1;
  } finally {
    clearTimeout(limit);
    await cleanUp();
  }
}
