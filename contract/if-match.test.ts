import { describe, expect, it } from 'vitest';
import { parseIfMatch, versionEtag } from './if-match.ts';

describe('parseIfMatch', () => {
  it('reads *, strong tags and lists', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch('*')).toBe('*');
    expect(parseIfMatch(versionEtag(3))).toEqual([3]);
    expect(parseIfMatch('"v1", "v12" ,"v7"')).toEqual([1, 12, 7]);
  });

  it('keeps weak and foreign tags, which never match, out of the versions', () => {
    expect(parseIfMatch('W/"v3"')).toEqual([]);
    expect(parseIfMatch('"abc", W/"v2", "v0", "v4"')).toEqual([4]);
    expect(parseIfMatch('"a,b", "v5"')).toEqual([5]);
  });

  it('refuses what is not a list of entity tags', () => {
    for (const header of ['', ' ', 'v3', '"v3', '"v3" "v4"', '*, "v3"', 'W/v3', '"v"3"', ','])
      expect(parseIfMatch(header), header).toBeNull();
  });
});
