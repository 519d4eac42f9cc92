import { onTestFinished } from 'vitest';
import { server } from '#mocks/node.ts';

/**
 * Every request the app sends to the mock backend from now on, as "METHOD /path": tests read
 * it to check what each screen fetches, and that nothing is fetched twice.
 */
export function recordRequests(): string[] {
  const log: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    log.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return log;
}

/** The JSON bodies of every `method` request the app sends from now on. */
export function recordJsonBodies(method: 'POST' | 'PUT'): unknown[] {
  const bodies: unknown[] = [];
  const listener = async ({ request }: { request: Request }) => {
    if (request.method === method) bodies.push(await request.clone().json());
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return bodies;
}
