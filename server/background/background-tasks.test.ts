import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createBackgroundTasks, failureEpisodes } from './background-tasks.ts';

function capturingLog() {
  const lines: Array<[string, string]> = [];
  const log = {
    error: (_details: object, message: string) => void lines.push(['error', message]),
    info: (message: string) => void lines.push(['info', message]),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('failureEpisodes', () => {
  it('logs the first failure of an episode and the success that ends it, nothing between', () => {
    const { log, lines } = capturingLog();
    const episodes = failureEpisodes(log, 'Polling');
    episodes.succeeded();
    episodes.failed(new Error('locked'));
    episodes.failed(new Error('locked'));
    episodes.failed(new Error('locked'));
    episodes.succeeded();
    episodes.succeeded();
    episodes.failed(new Error('locked again'));
    expect(lines).toEqual([
      ['error', 'Polling failed; retrying (logged again only once it has worked)'],
      ['info', 'Polling works again'],
      ['error', 'Polling failed; retrying (logged again only once it has worked)'],
    ]);
  });
});

describe('createBackgroundTasks', () => {
  it('survives a task that throws at once, and runs it again next time', async () => {
    const { log, lines } = capturingLog();
    const tasks = createBackgroundTasks(log);
    let fail = true;
    const task = vi.fn(() => {
      if (fail) throw Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 261 });
    });
    tasks.every('Polling', 60_000, task);
    await tasks.run('Polling');
    await tasks.run('Polling');
    fail = false;
    await tasks.run('Polling');
    expect(task).toHaveBeenCalledTimes(3);
    expect(lines.map(([level]) => level)).toEqual(['error', 'info']);
    tasks.stopAll();
  });

  it('runs on its interval, never twice at once, until stopped', async () => {
    vi.useFakeTimers();
    try {
      const tasks = createBackgroundTasks(capturingLog().log);
      let finish = () => {};
      const task = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
      tasks.every('Purging', 1000, task);
      await vi.advanceTimersByTimeAsync(999);
      expect(task).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(task).toHaveBeenCalledTimes(1);
      // Still running: the next turns and a run asked for join it.
      await vi.advanceTimersByTimeAsync(2000);
      const joined = tasks.run('Purging');
      expect(task).toHaveBeenCalledTimes(1);
      finish();
      await joined;
      await vi.advanceTimersByTimeAsync(1000);
      expect(task).toHaveBeenCalledTimes(2);
      finish();
      const runNow = tasks.every('Checking', 1000, task);
      tasks.stopAll();
      await vi.advanceTimersByTimeAsync(5000);
      // A run asked for after the stop (a timer of another part firing late) does nothing, and throws nothing.
      await runNow();
      expect(task).toHaveBeenCalledTimes(2);
      expect(tasks.names()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses two tasks of one name, and a run of a task it does not have', () => {
    const tasks = createBackgroundTasks(capturingLog().log);
    tasks.every('Purging', 1000, () => {});
    expect(() => tasks.every('Purging', 1000, () => {})).toThrow('already called "Purging"');
    expect(() => tasks.run('Polling')).toThrow('No background task is called "Polling"');
    tasks.stopAll();
  });
});
