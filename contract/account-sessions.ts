/**
 * "Your sessions" on My account, one reading for the server and the mock: each session's browser and system named
 * from its User-Agent (bowser, MIT): "Chrome 142", "Android 14". Windows and macOS versions are left out, as browsers
 * no longer tell them truly (Windows 11 says "NT 10.0", every macOS "10.15"). Server and mock only (a lint zone).
 */
import Bowser from 'bowser';
import type { AccountSession } from './team.ts';

const VERSIONED_SYSTEMS = new Set(['Android', 'iOS']);

const major = (version: string | undefined) => version?.split('.')[0] ?? '';
const joined = (...parts: string[]) => parts.filter(Boolean).join(' ') || null;

export function describeUserAgent(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowser();
  const system = parser.getOS();
  return {
    browser: browser.name ? joined(browser.name, major(browser.version)) : null,
    system: system.name ? joined(system.name, VERSIONED_SYSTEMS.has(system.name) ? major(system.version) : '') : null,
  };
}

/** A row of "Your sessions": a session as a store keeps it, its User-Agent named. */
export function accountSessionOf({
  userAgent,
  ...session
}: Omit<AccountSession, 'browser' | 'system'> & { userAgent: string | null }): AccountSession {
  return { ...session, ...describeUserAgent(userAgent) };
}
