import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };

let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}`;
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByPlaceholder('Enter your Email').fill(email);
  await page.getByPlaceholder('Minimum 8 characters').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
}

/** Screenshots land in e2e/screenshots, for people to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/**
 * Types `search` into a searching picker and picks `option` once the server has answered that search:
 * an option found in the list shown before moves when the answer replaces it, and a tap on it can miss.
 */
export async function searchAndPick(page: Page, box: Locator, search: string, option: RegExp): Promise<void> {
  const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('q') === search && response.ok());
  await box.fill(search);
  await answered;
  await page.getByRole('option', { name: option }).click();
}

/** A POST to the API as the holder of `token`, which must succeed; answers its JSON. */
export async function apiPost(request: APIRequestContext, token: string, path: string, data: unknown) {
  const response = await request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** Every list a keeper's phone keeps for use with no signal, sorted. */
export const KEPT_LISTS = ['batches', 'costCodes', 'custody', 'jobs', 'materials', 'purchaseOrders', 'tools', 'workers'];

/** The lists the phone keeps for offline use, by name. */
export function keptLists(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('stockyard-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('lists').objectStore('lists').getAllKeys();
          all.onsuccess = () => resolve([...new Set((all.result as string[]).map((key) => key.split(':')[0] as string))].sort());
        };
      }),
  );
}
