/**
 * "Your sessions" names each session's browser and system from its User-Agent (bowser, MIT): "Chrome 142",
 * "Android 14". Windows and macOS versions are left out, as browsers no longer tell them truly (Windows 11 says
 * "NT 10.0", every macOS "10.15").
 */
import Bowser from 'bowser';

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
