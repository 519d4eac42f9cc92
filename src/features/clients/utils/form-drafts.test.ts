import { describe, expect, it } from 'vitest';
import { readDraft, removeDraft, saveDraft } from './form-drafts.ts';

const values = { firstName: 'Léa', lastName: 'Moreau', email: 'lea@example.com', registrationDateTime: '2024-05-01T10:30' };

describe('form drafts', () => {
  it('keeps a page’s values in sessionStorage only, and gives them back until removed', () => {
    saveDraft('/clients/register', values);
    expect(readDraft('/clients/register')).toEqual(values);
    expect(readDraft('/clients/edit/c1')).toBeUndefined();
    expect(window.localStorage.length).toBe(0);

    removeDraft('/clients/register');
    expect(readDraft('/clients/register')).toBeUndefined();
    expect(window.sessionStorage.length).toBe(0);
  });

  it.each([
    ['not JSON', '{"firstName":'],
    ['not an object', '"Léa"'],
    ['a field missing', JSON.stringify({ firstName: 'Léa', lastName: 'Moreau', email: 'lea@example.com' })],
    ['a field of another type', JSON.stringify({ ...values, email: 42 })],
  ])('ignores a stored value that is %s', (_, stored) => {
    window.sessionStorage.setItem('salon.draft:/clients/register', stored);
    expect(readDraft('/clients/register')).toBeUndefined();
  });

  it('keeps only the four fields of a stored draft', () => {
    window.sessionStorage.setItem('salon.draft:/clients/register', JSON.stringify({ ...values, isAdmin: true }));
    expect(readDraft('/clients/register')).toEqual(values);
  });
});
