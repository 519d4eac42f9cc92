import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ExternalStore, perQueryClient } from './query-client-store.ts';

class Counter extends ExternalStore {
  count = 0;
  increment() {
    this.count += 1;
    this.notify();
  }
}

describe('perQueryClient', () => {
  it('gives each query client its own store, the same one each time it is asked', () => {
    const counterOf = perQueryClient(() => new Counter());
    const first = new QueryClient();
    counterOf(first).increment();
    expect(counterOf(first).count).toBe(1);
    expect(counterOf(new QueryClient()).count).toBe(0);
  });
});

describe('ExternalStore', () => {
  it('tells its subscribers of each change until they unsubscribe', () => {
    const counter = new Counter();
    const listener = vi.fn();
    const unsubscribe = counter.subscribe(listener);
    counter.increment();
    unsubscribe();
    counter.increment();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
