/**
 * Everything the suite starts is stopped when it ends, however it ends: servers are tracked
 * here and killed on exit, on Ctrl-C and on an uncaught error, and tmpfs mounts are
 * unmounted. Cleanups are synchronous so that they also run in a process 'exit' handler.
 */
import type { ChildProcess } from 'node:child_process';

const children = new Set<ChildProcess>();
const cleanups = new Set<() => void>();

export function trackChild(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/** Runs `cleanup` when the suite exits unless the returned function is called first. */
export function onExit(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

export function cleanUpNow(): void {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  children.clear();
  for (const cleanup of [...cleanups].reverse()) {
    try {
      cleanup();
    } catch (error) {
      console.error('Cleanup failed:', error);
    }
  }
  cleanups.clear();
}

let installed = false;

export function installExitHandlers(): void {
  if (installed) return;
  installed = true;
  process.on('exit', cleanUpNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the servers the suite started`);
      cleanUpNow();
      process.exit(130);
    });
  }
  process.on('uncaughtException', (error) => {
    console.error('Uncaught error:', error);
    cleanUpNow();
    process.exit(1);
  });
  process.on('unhandledRejection', (error) => {
    console.error('Unhandled rejection:', error);
    cleanUpNow();
    process.exit(1);
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
