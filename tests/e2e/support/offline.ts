/** The offline copy of the cache as the page stores it (src/features/offline): read straight from IndexedDB. */
import type { Page } from '@playwright/test';

/** idb-keyval's default database and store, and the copy's key (offline-copy-store.ts). */
const DATABASE = 'keyval-store';
const STORE = 'keyval';
const KEY = 'salon-offline-copy';

/** The stored copy as the persister wrote it (JSON text), or null when there is none. */
export function offlineCopy(page: Page): Promise<string | null> {
  return page.evaluate(
    ({ database, store, key }) =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open(database);
        open.onupgradeneeded = () => open.result.createObjectStore(store);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction(store).objectStore(store).get(key);
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            open.result.close();
            resolve(typeof read.result === 'string' ? read.result : null);
          };
        };
      }),
    { database: DATABASE, store: STORE, key: KEY },
  );
}

/** Waits until the app shell's service worker is active, and reloads so that it controls the page. */
export async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The clients as the server has them now, asked from the page (its session cookie), with no cache in between. */
export function serverClients(page: Page): Promise<Array<{ _id: string; firstName: string; email: string }>> {
  return page.evaluate(async () => {
    const response = await fetch('/api/clients', { cache: 'no-store' });
    if (!response.ok) throw new Error(`GET /api/clients responded ${response.status}`);
    return (await response.json()) as Array<{ _id: string; firstName: string; email: string }>;
  });
}
