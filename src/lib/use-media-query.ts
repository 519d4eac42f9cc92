import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the page matches a CSS media query, as React state (the calendar's phone view, issue 40): what is not shown
 * is not rendered at all. False where the browser has no matchMedia (jsdom).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', listener);
      return () => list?.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(query).matches ?? false);
}
