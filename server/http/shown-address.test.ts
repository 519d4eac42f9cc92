import { describe, expect, it } from 'vitest';
import { shownAddress } from './shown-address.ts';

describe('shownAddress', () => {
  it.each([
    ['127.0.0.1', 'http://localhost:3000'],
    ['127.0.1.1', 'http://localhost:3000'],
    ['::1', 'http://localhost:3000'],
    ['localhost', 'http://localhost:3000'],
    ['0.0.0.0', 'http://0.0.0.0:3000'],
    ['192.0.2.7', 'http://192.0.2.7:3000'],
    ['2001:db8::1', 'http://[2001:db8::1]:3000'],
  ])('listening on %s prints %s (passkeys need a name, not a loopback IP)', (host, shown) => {
    expect(shownAddress(host, 3000)).toBe(shown);
  });
});
