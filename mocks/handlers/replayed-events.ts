/** For the mock's tests: what its GET /api/events replays after `after` (Last-Event-ID), up to `ready`, as [event, data]. */
export async function replayedAfter(after: number): Promise<Array<[string | undefined, unknown]>> {
  const controller = new AbortController();
  const response = await fetch('http://localhost/api/events', { headers: { 'Last-Event-ID': String(after) }, signal: controller.signal });
  const reader = response.body?.getReader();
  let text = '';
  while (reader && !text.includes('event: ready')) text += new TextDecoder().decode((await reader.read()).value);
  controller.abort();
  return [...text.matchAll(/event: (\w+)\ndata: (.*)/g)].map(([, event, data]) => [event, JSON.parse(data ?? '') as unknown]);
}
