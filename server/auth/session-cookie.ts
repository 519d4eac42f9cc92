/**
 * The session cookie's token: random, stored only as its hash (docs/decisions/006-session-cookie.md). The cookie's
 * name and attributes are contract/http.ts's, which the mock sends too.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '#contract/http';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of the token itself. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The session token of a Cookie header, when it has one of the right shape. */
export function readSessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    if (TOKEN_PATTERN.test(value)) return value;
  }
  return undefined;
}
