/** Debian's Chromium for the browser benchmarks (never a downloaded browser). */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts';
import { onCleanup } from './processes.ts';

/** A headless Chromium, closed at the end of the benchmark whatever happens. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS, timeout: 60_000 });
  onCleanup(() => browser.close());
  return browser;
}
