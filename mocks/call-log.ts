/** The last calls the mock backend responded to, for `salonMock.log()` and the panel. */
export type MockCall = { method: string; path: string; status: number | 'network error'; ms: number };

const SIZE = 50;
const calls: MockCall[] = [];
const listeners = new Set<() => void>();

export function recordCall(call: MockCall): void {
  calls.push(call);
  if (calls.length > SIZE) calls.shift();
  for (const listener of listeners) listener();
}

export const recentCalls = (): readonly MockCall[] => calls;

export function onCall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
