/**
 * jsdom has no IntersectionObserver. This one sees nothing until a test scrolls (`scrollAllIntoView`), so that what
 * loads on coming into view (the landing page's booking section) loads in a test only when the test says so.
 */
import { act } from '@testing-library/react';

const observers = new Set<FakeIntersectionObserver>();

export class FakeIntersectionObserver implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [0];
  private readonly targets = new Set<Element>();
  private readonly callback: IntersectionObserverCallback;

  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
  }
  observe(target: Element) {
    this.targets.add(target);
    observers.add(this);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    observers.delete(this);
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  /** Every target comes into view. */
  intersect() {
    const entries = [...this.targets].map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    if (entries.length > 0) this.callback(entries, this);
  }
}

/** The page scrolled to its end: everything observed comes into view. */
export function scrollAllIntoView(): void {
  act(() => {
    for (const observer of [...observers]) observer.intersect();
  });
}
