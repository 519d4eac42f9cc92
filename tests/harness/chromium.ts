/**
 * Debian's Chromium, the one browser of the browser tests (playwright.config.ts) and the
 * benchmarks (bench/): never a downloaded one. Background networking, updates and sync are
 * off, since this machine has no internet.
 */
import { chromium, type Browser } from 'playwright-core';
import { onCleanup } from './processes.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A headless Chromium, closed at the end of the run whatever happens. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS, timeout: 60_000 });
  onCleanup(() => browser.close());
  return browser;
}
