import { statSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signIn, snap } from './helpers';

// The benchmark seed's keeper, whose store holds 10,000 materials (see start-server.mjs).
const KEEPER = { email: 'bench-keeper@example.com', password: 'bench-password' };
const LONG_TASK_LIMIT_MS = 200;
/** The seed's code of its material number g (bench/src/seed.ts, materialCode); names are "Material <code>". */
const codeOf = (g: number) => ((g * 2654435761) % 2 ** 32).toString(16).padStart(8, '0');
/** The report lists the store's 10,000 materials by name: the first and the last. */
const codes = Array.from({ length: 10_000 }, (_, i) => codeOf(i + 1)).sort();
const [FIRST, LAST] = [`Material ${codes[0]}`, `Material ${codes.at(-1)}`];

/** The longest main-thread task since `since` (performance.now() in the page), from a PerformanceObserver of long tasks. */
function longestTaskSince(page: Page, since: number): Promise<number> {
  return page.evaluate(
    (from) =>
      Math.max(
        0,
        ...(window as unknown as { longTasks: PerformanceEntry[] }).longTasks
          .filter((task) => task.startTime >= from)
          .map((task) => task.duration),
      ),
    since,
  );
}

test('a 10,000-material report shows its first rows and makes its PDF without freezing the page', async ({ page }) => {
  await page.addInitScript(() => {
    const tasks: PerformanceEntry[] = [];
    (window as unknown as { longTasks: PerformanceEntry[] }).longTasks = tasks;
    new PerformanceObserver((list) => tasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, KEEPER.email, KEEPER.password);
  await page.goto('/dashboard/generatereport');
  const end = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Start Date').fill(start);
  await page.getByLabel('End Date').fill(end);

  const beforeFetch = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Fetch Report' }).click();
  await expect(page.getByRole('row', { name: FIRST })).toBeVisible({ timeout: 30_000 });
  expect(await longestTaskSince(page, beforeFetch)).toBeLessThan(LONG_TASK_LIMIT_MS);
  // Only the rows in view are in the page; the table still knows it has 10,000 rows, then a totals row
  // for each of the seed's five units and one of the values of all of them.
  expect(await page.locator('tbody tr[data-index]').count()).toBeLessThan(100);
  await expect(page.getByRole('table', { name: 'Report' })).toHaveAttribute('aria-rowcount', '10007');
  await expect(page.getByRole('row', { name: /^Total/ })).toHaveCount(6);

  const beforePdf = await page.evaluate(() => performance.now());
  const [pdf] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: 'Download PDF Report' }).click(),
  ]);
  const path = `downloads/big-${pdf.suggestedFilename()}`;
  await pdf.saveAs(path);
  expect(await longestTaskSince(page, beforePdf)).toBeLessThan(LONG_TASK_LIMIT_MS);
  expect(statSync(path).size).toBeLessThan(3_000_000);

  await page.getByRole('region', { name: 'Report rows' }).evaluate((scroller) => {
    scroller.scrollTop = scroller.scrollHeight;
  });
  await expect(page.getByRole('row', { name: LAST })).toBeVisible();
  await snap(page, 'report-10000-rows-390');
});
