/**
 * Debian's Chromium, the one browser of the browser tests (playwright.config.ts) and the
 * benchmarks (bench/): never a downloaded one. Background networking, updates and sync are
 * off, since this machine has no internet.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
