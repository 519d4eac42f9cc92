/**
 * What the server does outside a request: polls, purges, checks, reconnections. None of it may end the process: a
 * failure (the database locked, restarting, full) is logged once per episode, the first failure of a run of them, and
 * the first success after it says so; the task goes on at its next turn (docs/server.md, "Background tasks").
 */
import type { FastifyBaseLogger } from 'fastify';

/** Where a background task reports: each failure, and each success (which ends an episode of failures). */
export type FailureEpisodes = { failed(error: unknown): void; succeeded(): void };

/** For a part used without a log (a command, a test): failures go nowhere. */
export const UNREPORTED: FailureEpisodes = { failed: () => {}, succeeded: () => {} };

/** Logs `what`'s failures once per episode: the first, then nothing until a success, which is logged as recovery. */
export function failureEpisodes(log: FastifyBaseLogger, what: string): FailureEpisodes {
  let failing = false;
  return {
    failed(error) {
      if (failing) return;
      failing = true;
      log.error({ err: error }, `${what} failed; retrying (logged again only once it has worked)`);
    },
    succeeded() {
      if (!failing) return;
      failing = false;
      log.info(`${what} works again`);
    },
  };
}

type Task = { run(): Promise<void>; stop(): void };

/** The server's periodic tasks, by name: each runs every so often, never twice at once, and is stopped with the app. */
export function createBackgroundTasks(log: FastifyBaseLogger) {
  const tasks = new Map<string, Task>();

  return {
    /**
     * Runs `task` every `intervalMs` (the first time after one interval). A run while the previous one is still going
     * joins it. `name` says what it does, in the log ("Purging expired sessions"). Returns what runs it now (or joins
     * the run under way), and resolves when it ended, failed or not; once stopped, it runs no more.
     */
    every(name: string, intervalMs: number, task: () => unknown): () => Promise<void> {
      if (tasks.has(name)) throw new Error(`A background task is already called "${name}"`);
      const episodes = failureEpisodes(log, name);
      let running: Promise<void> | undefined;
      let stopped = false;
      const runOnce = async () => {
        try {
          await task();
          episodes.succeeded();
        } catch (error) {
          episodes.failed(error);
        }
      };
      // `.finally` runs later even when the task throws at once, so `running` is never left set.
      const run = (): Promise<void> =>
        stopped
          ? Promise.resolve()
          : (running ??= runOnce().finally(() => {
              running = undefined;
            }));
      const timer = setInterval(() => void run(), intervalMs);
      timer.unref();
      tasks.set(name, {
        run,
        stop() {
          stopped = true;
          clearInterval(timer);
        },
      });
      return run;
    },

    /** Runs the task called `name` now (or joins the run under way); resolves when it ended, failed or not. */
    run(name: string): Promise<void> {
      const task = tasks.get(name);
      if (!task) throw new Error(`No background task is called "${name}"`);
      return task.run();
    },

    /** The tasks' names, in the order they were added. */
    names: (): string[] => [...tasks.keys()],

    /** Stops every task (a run under way finishes; a run asked for afterwards does nothing). */
    stopAll(): void {
      for (const task of tasks.values()) task.stop();
      tasks.clear();
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
