import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title.tsx';

const loaded = (title?: string) => ({ status: 'success', meta: title === undefined ? undefined : [{ title }] });

describe('pageTitle', () => {
  it('is the deepest route’s title', () => {
    expect(pageTitle([loaded(), loaded('Clients · Your Beauty Salon'), loaded('Edit a client · Your Beauty Salon')])).toBe(
      'Edit a client · Your Beauty Salon',
    );
  });

  it('falls back to the nearest route above that has one', () => {
    expect(pageTitle([loaded('Clients · Your Beauty Salon'), loaded()])).toBe('Clients · Your Beauty Salon');
    expect(pageTitle([loaded(), loaded()])).toBeUndefined();
  });

  it('takes a route’s last title', () => {
    expect(pageTitle([{ status: 'success', meta: [{ title: 'First' }, undefined, { title: 'Second' }] }])).toBe('Second');
  });

  it('ignores what lies below a route that failed', () => {
    expect(pageTitle([loaded(), { status: 'error', meta: [{ title: 'Failed' }] }, loaded('Below')])).toBe('Failed');
    expect(pageTitle([loaded('Above'), { status: 'notFound' }, loaded('Below')])).toBe('Above');
  });
});
