/**
 * The If-Match header (RFC 9110 section 13.1.1) against a client's version, read as the real server reads it: `*`,
 * or a list of entity tags compared strongly (a weak tag never matches). Our tags are `"v<version>"`.
 */
import type { IfMatch } from '../db.ts';

/** A client's strong validator, as sent in ETag. */
export function versionEtag(version: number): string {
  return `"v${version}"`;
}

/** entity-tag = [ W/ ] DQUOTE *etagc DQUOTE, in a comma-separated list (empty elements allowed). */
const LIST_ELEMENT = /^\s*(?:(W\/)?"([\x21\x23-\x7e\x80-\xff]*)")?\s*(?:,|$)/;

/**
 * The condition an If-Match header sets: undefined when there is none, `*`, or the versions its strong tags name;
 * null when it is malformed.
 */
export function parseIfMatch(header: string | null): IfMatch | null {
  if (header === null) return undefined;
  if (header.trim() === '*') return '*';
  const versions: number[] = [];
  let rest = header;
  let tags = 0;
  while (rest.trim() !== '') {
    const element = LIST_ELEMENT.exec(rest);
    if (!element || element[0] === '') return null;
    if (element[2] !== undefined) {
      tags += 1;
      const version = /^v([1-9][0-9]{0,14})$/.exec(element[2]);
      if (!element[1] && version) versions.push(Number(version[1]));
    }
    rest = rest.slice(element[0].length);
  }
  return tags > 0 ? versions : null;
}
