/** Moving through the page with Tab as a keyboard user does, checking that focus is visible. */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEV_TOOLS_SELECTORS } from './dev-tools.ts';

type FocusState = {
  /** A short description of the focused element, for messages. */
  element: string;
  /** Whether the focused element shows a focus indicator (outline or box-shadow). */
  visible: boolean;
  /** Body, or one of the devtools: not part of the product's focus order. */
  ignored: boolean;
  /**
   * The focus is on a control inside the browser's own widget (the calendar button of a
   * datetime-local field): the field matches :focus-within but not :focus, the page's
   * :focus-visible outline does not apply, and Chromium draws its own ring on that button.
   */
  insideBrowserWidget: boolean;
};

function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(
    (devToolsSelectors) => {
      const element = document.activeElement;
      if (!element || element === document.body || element === document.documentElement) {
        return { element: 'body', visible: false, ignored: true, insideBrowserWidget: false };
      }
      const label = element.getAttribute('aria-label') ?? (element as HTMLElement).innerText?.trim().slice(0, 40) ?? '';
      const description = `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> ${label}`.trim();
      const ignored = devToolsSelectors.some((selector) => element.closest(selector) !== null);
      const style = window.getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
      const insideBrowserWidget = element.matches(':focus-within') && !element.matches(':focus');
      return { element: description, visible: outline || shadow, ignored, insideBrowserWidget };
    },
    DEV_TOOLS_SELECTORS as readonly string[],
  );
}

function checkIndicator(state: FocusState): void {
  if (state.ignored) return;
  if (!state.visible && state.insideBrowserWidget) {
    // Visible, but the browser's thin ring rather than the site's outline: noted in the report.
    test.info().annotations.push({ type: 'focus', description: `browser's own focus ring only: ${state.element} (inner button)` });
    return;
  }
  expect(state.visible, `focus indicator on ${state.element}`).toBe(true);
}

/** Expects the focused element to show where the focus is (WCAG 2.4.7). */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const state = await focusState(page);
  expect(state.ignored, `focus is on ${state.element}`).toBe(false);
  checkIndicator(state);
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking at every stop that the
 * focused element shows a visible focus indicator. Fails after `maxPresses`.
 */
export async function tabTo(page: Page, target: Locator, { maxPresses = 80, backwards = false } = {}): Promise<void> {
  await expect(target).toBeVisible();
  const visited: string[] = [];
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await isFocused(target)) {
      await expectVisibleFocus(page);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const state = await focusState(page);
    visited.push(state.element);
    checkIndicator(state);
  }
  throw new Error(`Tab did not reach ${target.toString()} in ${maxPresses} presses; it visited:\n${visited.join('\n')}`);
}
