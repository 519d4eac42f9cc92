import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * After moving to another page, focus goes to the page's content (`#main`), as after a full page load:
 * a keyboard user continues from the top of the new page and a screen reader reads it.
 */
export function useFocusContentOnNavigation() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
        if (fromLocation && pathChanged) {
          document.getElementById('main')?.focus({ preventScroll: true });
        }
      }),
    [router],
  );
}
