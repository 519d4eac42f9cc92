/** Layout checks for phone and desktop widths, and the screenshots a person looks at. */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { DEV_TOOLS_SELECTORS, HIDE_DEV_TOOLS_CSS } from './dev-tools.ts';

/** Git-ignored (.gitignore: tests/e2e/screenshots/). */
const SCREENSHOTS_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

type Overlap = { first: string; second: string; width: number; height: number };

type LayoutReport = {
  scrollWidth: number;
  innerWidth: number;
  controls: number;
  overlaps: Overlap[];
};

/**
 * Measures the page: its scroll width against the window's, and every pair of visible
 * interactive controls whose boxes overlap (after clipping each box by its scrolling or
 * clipping ancestors and by the document; a control inside another is not an overlap).
 */
function measureLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(
    (devToolsSelectors) => {
      type Box = { left: number; top: number; right: number; bottom: number };
      const intersect = (a: Box, b: Box): Box => ({
        left: Math.max(a.left, b.left),
        top: Math.max(a.top, b.top),
        right: Math.min(a.right, b.right),
        bottom: Math.min(a.bottom, b.bottom),
      });
      const pageBox = (rect: DOMRect): Box => ({
        left: rect.left + window.scrollX,
        top: rect.top + window.scrollY,
        right: rect.right + window.scrollX,
        bottom: rect.bottom + window.scrollY,
      });
      const root = document.documentElement;
      const documentBox: Box = { left: 0, top: 0, right: root.scrollWidth, bottom: root.scrollHeight };
      const describe = (element: Element) => {
        const name = element.getAttribute('aria-label') ?? (element as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 30);
        return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> ${name ?? ''}`.trim();
      };

      const selector = 'a[href], button, input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
      const controls = [...document.querySelectorAll(selector)]
        .filter((element) => !devToolsSelectors.some((devTools) => element.closest(devTools)))
        .filter((element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
        .map((element) => {
          let box = intersect(pageBox(element.getBoundingClientRect()), documentBox);
          for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
            const style = window.getComputedStyle(ancestor);
            if (style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.clipPath !== 'none' || style.clip !== 'auto') {
              box = intersect(box, pageBox(ancestor.getBoundingClientRect()));
            }
          }
          return { element, box };
        })
        .filter(({ box }) => box.right - box.left > 1 && box.bottom - box.top > 1);

      const overlaps: Overlap[] = [];
      controls.forEach((a, index) => {
        for (const b of controls.slice(index + 1)) {
          if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
          const common = intersect(a.box, b.box);
          const width = common.right - common.left;
          const height = common.bottom - common.top;
          // Touching edges and sub-pixel rounding are not overlaps.
          if (width > 1 && height > 1) {
            overlaps.push({
              first: describe(a.element),
              second: describe(b.element),
              width: Math.round(width),
              height: Math.round(height),
            });
          }
        }
      });
      return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth, controls: controls.length, overlaps };
    },
    DEV_TOOLS_SELECTORS as readonly string[],
  );
}

/**
 * No horizontal scrolling and no overlapping interactive controls. Soft assertions: the test
 * goes on to its other pages, and reports every problem at the end.
 */
export async function expectSoundLayout(page: Page, label: string): Promise<void> {
  const report = await measureLayout(page);
  expect(report.controls, `${label}: interactive controls found`).toBeGreaterThan(0);
  expect
    .soft(report.scrollWidth, `${label}: the page scrolls sideways (scrollWidth > innerWidth)${await widestElements(page)}`)
    .toBeLessThanOrEqual(report.innerWidth);
  expect.soft(report.overlaps, `${label}: overlapping controls`).toEqual([]);
}

/** A phone (issue 38's 375 px), the width every page must fit without scrolling sideways. */
export const PHONE = { width: 375, height: 812 } as const;

/**
 * expectSoundLayout at a phone's width, from the page's top, on the page as the test has filled it (the import's
 * example file, long emails and usernames, several passkeys and sessions), then back to the test's own size; and its
 * screenshot as <project>/375-<name>.png for a person to look at. For tests of both projects that pass through a page
 * whose layout depends on what it shows: 0.1 to 0.25 s with the screenshot, no page load of its own.
 */
export async function expectSoundLayoutOnPhone(page: Page, name: string): Promise<void> {
  const own = page.viewportSize();
  await page.setViewportSize(PHONE);
  try {
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectSoundLayout(page, `${name} at ${PHONE.width} px`);
    await saveScreenshot(page, `${test.info().project.name}/${PHONE.width}-${name}`);
  } finally {
    if (own) await page.setViewportSize(own);
  }
}

/** For the message: the elements reaching furthest right, which make the page scroll sideways. */
async function widestElements(page: Page): Promise<string> {
  const culprits = await page.evaluate(() => {
    const width = window.innerWidth;
    // Inside a scrolling box, only an absolutely placed element can escape its clipping.
    const hasScrollingAncestor = (element: Element) => {
      for (let ancestor = element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        if (window.getComputedStyle(ancestor).overflowX !== 'visible') return true;
      }
      return false;
    };
    const clippedInScroller = (element: Element) =>
      !['absolute', 'fixed'].includes(window.getComputedStyle(element).position) && hasScrollingAncestor(element);
    return [...document.querySelectorAll('body *')]
      .map((element) => ({ element, right: element.getBoundingClientRect().right + window.scrollX }))
      .filter(({ element, right }) => right > width + 1 && !clippedInScroller(element))
      .sort((a, b) => b.right - a.right)
      .slice(0, 3)
      .map(
        ({ element, right }) =>
          `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> right edge at ${Math.round(right)} px`,
      );
  });
  return culprits.length > 0 ? `; furthest right: ${culprits.join(', ')}` : '';
}

/** Loads every lazy image, so that a full-page screenshot shows them. */
async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  });
}

/** A full-page screenshot under tests/e2e/screenshots/, the devtools hidden. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const path = join(SCREENSHOTS_DIR, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await loadAllImages(page);
  await page.screenshot({ path, fullPage: true, animations: 'disabled', style: HIDE_DEV_TOOLS_CSS });
  return path;
}
