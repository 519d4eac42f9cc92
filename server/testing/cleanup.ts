/**
 * What a test made (an app, a database, a directory) is undone when the test ends; or, when made for all of a file's
 * tests (`forTheFile`, in its beforeAll), when they have all ended.
 */
import { afterAll, beforeAll, onTestFinished } from 'vitest';

let fileScope: Array<() => unknown> | undefined;

/** Runs `cleanup` when the test ends, or after the file's tests when made by `forTheFile`'s `build`. */
export function whenDone(cleanup: () => unknown): void {
  if (fileScope) fileScope.push(cleanup);
  else onTestFinished(async () => void (await cleanup()));
}

/** Builds something once for all of a file's tests (call at its top level); the getter reads it in a test. */
export function forTheFile<T>(build: () => Promise<T>): () => T {
  let built: { value: T } | undefined;
  const cleanups: Array<() => unknown> = [];
  beforeAll(async () => {
    fileScope = cleanups;
    try {
      built = { value: await build() };
    } finally {
      fileScope = undefined;
    }
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return () => {
    if (!built) throw new Error('forTheFile: read before its beforeAll ran');
    return built.value;
  };
}
