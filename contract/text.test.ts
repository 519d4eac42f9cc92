import { describe, expect, it } from 'vitest';
import { emailKey, foldText } from './text.ts';

describe('comparing text', () => {
  it('matches emails trimmed and in any case', () => {
    expect(emailKey('  Ana@Example.com ')).toBe('ana@example.com');
  });

  it('folds case and accents, leaving other text as it is', () => {
    expect(foldText('Lucía ÉMILE Zoë')).toBe('lucia emile zoe');
    expect(foldText('Ana-Maria O’Neil')).toBe('ana-maria o’neil');
  });
});
