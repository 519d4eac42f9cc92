/** The offline copy of the cache as the page stores it (src/features/offline): read straight from IndexedDB. */
import { expect, type Page } from '@playwright/test';
import { clientRow, mainNav, openEditPageFromList, waitForApp } from './app.ts';

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

/**
 * Issue 26's steps, from the edit page of the client "Second" with the app offline: Delete and Yes; the list shows
 * "First" (its Edit button, no endless loading) and Second's deletion waiting; First's page opens.
 */
export async function deleteSecondOfflineThenOpenFirst(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();

  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByText(/^You are offline\. Showing clients as of \d\d:\d\d\.$/)).toBeVisible();
  await expect(page.getByText('1 change waiting to be saved.')).toBeVisible();
  await expect(clientRow(page, 'Second').getByText('Waiting to save')).toBeVisible();
  await expect(clientRow(page, 'First').getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByText('Loading clients…')).toBeHidden();
  await openEditPageFromList(page, 'First');
}

/** The query key of a client's page in the copy, as the persister writes it. */
const detailInCopy = (clientId: string) => `"queryKey":["clients","detail","${clientId}"]`;

/**
 * Issue 38's steps while online: the edit pages of two clients loaded by their addresses (full page loads, whose cache
 * starts empty), the second at once after the first has shown, well within the second the copy waits between writes.
 * The first's page is in the copy all the same.
 */
export async function openedByAddressOneAfterTheOther(
  page: Page,
  clients: ReadonlyArray<{ _id: string; firstName: string }>,
  { atOnce = true }: { atOnce?: boolean } = {},
) {
  for (const client of clients) {
    await page.goto(`/clients/edit/${client._id}`);
    await waitForApp(page);
    await expect(page.getByLabel('First name')).toHaveValue(client.firstName);
    // The page keeps its copy once its offline support has loaded (a moment after it shows): its live region, always
    // in the page, says so. Left sooner, a page load keeps nothing, as no person leaves it.
    await expect(page.locator('.offline-status')).toBeAttached();
    // Not at once: each page in the copy before the next page load (issue 26's steps).
    if (!atOnce)
      await expect
        .poll(() => offlineCopy(page), { message: `the copy holds ${client.firstName}'s page` })
        .toContain(detailInCopy(client._id));
  }
  for (const client of clients) {
    await expect
      .poll(() => offlineCopy(page), { message: `the copy holds ${client.firstName}'s page` })
      .toContain(detailInCopy(client._id));
  }
}

/**
 * Offline, from the list: the client whose page was never opened on this device opens from the list's row (issue 38),
 * and an edit of its last name waits to be sent.
 */
export async function editNeverOpenedClientOffline(page: Page, firstName: string, lastName: string): Promise<void> {
  await mainNav(page).getByRole('link', { name: 'Clients' }).click();
  await openEditPageFromList(page, firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Saved on this device. It will be sent when the connection returns.')).toBeVisible();
}
