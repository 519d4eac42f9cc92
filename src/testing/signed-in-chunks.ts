/**
 * The signed-in pages' lazy parts (routes/__root.tsx: the bar, the live updates, the offline support), loaded inside
 * act: on a busy machine one arrived after a test had ended, and React warned of a suspended resource outside act.
 */
import { act } from '@testing-library/react';
import { loadStaffNavBar } from '../features/auth/components/load-staff-nav-bar.ts';
import { loadOfflineSupport } from '../features/offline/load-offline-support.ts';

export async function loadSignedInChunks(): Promise<void> {
  await act(async () => {
    await Promise.all([loadStaffNavBar(), import('../features/live-updates/live-updates.tsx'), loadOfflineSupport()]);
    // React's own callbacks on those modules run before act ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
