import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { DEV_TOOLS_SELECTORS } from './dev-tools.ts';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** WCAG 2.1 levels A and AA (the bar). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One line per rule and one per element, so that a failure says what to fix and where. */
function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map(
        (node) => `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replaceAll('\n', '\n      ')}`,
      );
      return `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n  ${violation.helpUrl}\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/**
 * Runs axe-core on the page as it is now and expects no WCAG 2.1 A/AA violation. With axe.run in the page itself
 * (AxeBuilder's "legacy mode"): its default runs each frame's part there, then opens a new blank page to put them
 * together, a new page per scan; the two differ only on cross-origin frames, and the app has no frame at all.
 */
export async function expectNoAxeViolations(page: Page, testInfo: TestInfo, label: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode();
  for (const selector of DEV_TOOLS_SELECTORS) {
    if ((await page.locator(selector).count()) > 0) builder = builder.exclude(selector);
  }
  const { violations } = await builder.analyze();
  if (violations.length > 0) {
    await testInfo.attach(`axe violations on ${label}`, {
      body: JSON.stringify(violations, null, 2),
      contentType: 'application/json',
    });
  }
  expect(
    violations.map((violation) => violation.id),
    `axe on ${label}:\n${describeViolations(violations)}`,
  ).toEqual([]);
}
