import { describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_SENDER_TUNING } from './sender.ts';

describe('the sender’s waits', () => {
  const waits = (backoff: typeof DEFAULT_SENDER_TUNING.refused, count: number) =>
    Array.from({ length: count }, (_, index) => backoffMs(index + 1, backoff));

  it('after a refusal: 2 s, doubling, at most 10 minutes', () => {
    expect(waits(DEFAULT_SENDER_TUNING.refused, 10)).toEqual([
      2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000, 256_000, 512_000, 600_000,
    ]);
  });

  it('while the server cannot be reached: 250 ms, 500 ms, then every second', () => {
    expect(waits(DEFAULT_SENDER_TUNING.unreachable, 5)).toEqual([250, 500, 1000, 1000, 1000]);
  });

  it('holds a claim longer than an SMTP session can last', () => {
    expect(DEFAULT_SENDER_TUNING.leaseMs).toBe(80_000);
  });
});
