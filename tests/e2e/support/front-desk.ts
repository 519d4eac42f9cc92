/** The front desk's client list (README, "At the front desk"): its search box, its rows, and clients only one test has. */
import type { Page, TestInfo } from '@playwright/test';
import { createClientThroughApi, uniqueClient, type Client } from './app.ts';

/** Three clients only this test has: their last names carry the test's own tag. Needs a logged-in page. */
export async function createFamily(page: Page, testInfo: TestInfo): Promise<{ tag: string; clients: Client[] }> {
  const tag = uniqueClient(testInfo).firstName.slice(4).toLowerCase();
  const people = [
    { firstName: 'Lucía', lastName: `Núñez${tag}`, email: `lucia.${tag}@example.com`, registrationDateTime: '2023-01-10T09:00' },
    { firstName: 'Ana', lastName: `Silva${tag}`, email: `ana.${tag}@example.com`, registrationDateTime: '2023-02-10T09:00' },
    { firstName: 'Ana', lastName: `Costa${tag}`, email: `ANA.COSTA.${tag}@example.com`, registrationDateTime: '2023-03-10T09:00' },
  ];
  const clients: Client[] = [];
  for (const person of people) clients.push(await createClientThroughApi(page, person));
  return { tag, clients };
}

export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search clients' });
export const bodyRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell') });
export const firstNames = (page: Page) => bodyRows(page).locator('td:first-child');
