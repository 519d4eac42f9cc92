import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { registerAppShellWorker } from './app-shell-registration.ts';

/**
 * Registers the app shell's service worker (production build only). A new version of the app waits until the next
 * navigation to take over (a reload at the page just opened), never in the middle of typing: the router's navigation
 * has passed the unsaved-changes question by then.
 */
export function useAppShellWorker() {
  const router = useRouter();
  useEffect(() => {
    let updateWaiting = false;
    const takeOver = registerAppShellWorker(() => {
      updateWaiting = true;
    });
    return router.subscribe('onResolved', ({ pathChanged }) => {
      if (updateWaiting && pathChanged) takeOver();
    });
  }, [router]);
}
