// Each main screen as a keeper's mid-range phone opens it: Chromium at 390 px, 4× CPU slowdown, the
// bench seed's keeper of the store with 10,000 materials. A first visit over slow 4G with nothing
// cached, then the same screen again with its files cached. For each: when its content is on screen,
// the main thread's long tasks (all of them, and those after the first paint), and the JavaScript
// fetched before the first paint, compressed as it crossed the wire.
import type { Browser, CDPSession, Page } from 'puppeteer-core';
import { CPU_SLOWDOWN, SLOW_4G } from './offline-start';

export type PhoneScreen = {
  name: string;
  path: string;
  signedIn: boolean;
  /** A CSS selector that matches once the screen shows what it is for. */
  content: string;
};

export const PHONE_SCREENS: PhoneScreen[] = [
  { name: 'Login', path: '/', signedIn: false, content: 'input[type="email"], input[placeholder="Enter your Email"]' },
  { name: 'Keeper hub', path: '/dashboard/manager-dashboard', signedIn: true, content: 'a[href="/dashboard/needs-attention"]' },
  { name: 'Material List', path: '/dashboard/allproducts', signedIn: true, content: '[role="row"][aria-rowindex="2"], tbody tr td' },
  { name: 'Issue material', path: '/dashboard/consumestock', signedIn: true, content: 'form input' },
  { name: 'New purchase', path: '/dashboard/restockproduct', signedIn: true, content: 'form input' },
  { name: 'Tools', path: '/dashboard/alltool', signedIn: true, content: '[role="row"][aria-rowindex="2"], tbody tr td' },
  { name: 'Tools out', path: '/dashboard/toolsout', signedIn: true, content: 'main h2, main [role="table"], main table' },
  { name: 'Stock counts', path: '/dashboard/counts', signedIn: true, content: 'main h2' },
  { name: 'Generate report', path: '/dashboard/generatereport', signedIn: true, content: 'form input, main input' },
];

export type ScreenLoad = {
  /** From the navigation's start until the content selector matched and was laid out. */
  contentMs: number;
  firstPaintMs: number;
  /** Every long task (over 50 ms), longest first, in milliseconds. */
  longTasks: number[];
  /** The longest task that started after the first paint. */
  longestAfterPaintMs: number;
  /** Compressed bytes of the scripts fetched before the first paint. */
  scriptBytesBeforePaint: number;
};

export type ScreenResult = PhoneScreen & {
  firstVisit: ScreenLoad;
  cached: ScreenLoad;
  /** The same first visit from the app itself over plain HTTP/1.1, which fetches six files at a time. */
  plainFirstVisit?: ScreenLoad;
};

/** Records long tasks from the document's first moment, before any of the app's code runs. */
const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

/** After the content shows, how long the screen is watched for long tasks (a list's second page, a chart). */
const SETTLE_MS = 3000;

async function load(page: Page, url: string, content: string): Promise<ScreenLoad> {
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  const shown = await page.waitForFunction(
    (selector: string) => {
      const found = [...document.querySelectorAll(selector)].find((node) => (node as HTMLElement).offsetParent !== null);
      return found ? performance.now() : false;
    },
    { polling: 'raf', timeout: 60_000 },
    content,
  );
  const contentMs = (await shown.jsonValue()) as number;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return page.evaluate((contentAt: number) => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? contentAt;
    const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (entry) => (entry.initiatorType === 'script' || /\.m?js(\?|$)/.test(entry.name)) && entry.startTime <= paint,
    );
    return {
      contentMs: contentAt,
      firstPaintMs: paint,
      longTasks: tasks.map((task) => Math.round(task.duration)).sort((a, b) => b - a),
      longestAfterPaintMs: Math.round(Math.max(0, ...tasks.filter((task) => task.start >= paint).map((task) => task.duration))),
      scriptBytesBeforePaint: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
    };
  }, contentMs);
}

/**
 * A phone of its own for one screen: the session put where a sign-in leaves it, the cache emptied, the
 * CPU slowed as a mid-range phone's and the network as slow 4G; `use` loads the screen on it.
 */
async function onPhone<T>(
  browser: Browser,
  url: string,
  screen: PhoneScreen,
  session: { token: string; role: string },
  use: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await page.goto(`${url}/manifest.webmanifest`);
    await page.evaluate(
      (signedIn) => {
        localStorage.clear();
        if (signedIn) {
          localStorage.setItem('token', signedIn.token);
          localStorage.setItem('userRole', signedIn.role);
        }
      },
      screen.signedIn ? session : null,
    );
    await page.evaluateOnNewDocument(OBSERVE_LONG_TASKS);
    const cdp: CDPSession = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    return await use(page);
  } finally {
    await context.close();
  }
}

/** A first visit with nothing cached, then the same screen again with its files cached (the same slow 4G for its data). */
const firstThenCached = (url: string, screen: PhoneScreen) => async (page: Page) => ({
  firstVisit: await load(page, `${url}${screen.path}`, screen.content),
  cached: await load(page, `${url}${screen.path}`, screen.content),
});

/** Each screen through `url`; with `plainUrl`, its first visit from the app's own plain HTTP/1.1 too. */
export async function measurePhoneScreens(browser: Browser, url: string, session: { token: string; role: string }, plainUrl?: string) {
  const results: ScreenResult[] = [];
  for (const screen of PHONE_SCREENS) {
    try {
      const loads = await onPhone(browser, url, screen, session, firstThenCached(url, screen));
      const plainFirstVisit = plainUrl
        ? await onPhone(browser, plainUrl, screen, session, (page) => load(page, `${plainUrl}${screen.path}`, screen.content))
        : undefined;
      results.push({ ...screen, ...loads, plainFirstVisit });
    } catch (error) {
      throw new Error(`${screen.name} (${screen.path}): ${(error as Error).message}`);
    }
  }
  return results;
}

/** What point 8 of the phone's targets asks of every screen. */
export const PHONE_TARGETS = {
  firstVisitMs: 4000,
  cachedMs: 2500,
  longestAfterPaintMs: 200,
  longestMs: 400,
  scriptBytesBeforePaint: 150 * 1024,
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** The table of bench/results/phone.md: each screen's figures, its long tasks, and whether it meets the targets. */
export function phoneTable(results: ScreenResult[]): string[] {
  const lines = [
    '| screen | content, first visit | content, cached | JS before first paint | longest task after paint | longest task | long tasks, first visit (ms) | long tasks, cached (ms) | met | first visit, plain HTTP/1.1 |',
    '|---|---:|---:|---:|---:|---:|---|---|---|---:|',
  ];
  for (const result of results) {
    const { firstVisit, cached } = result;
    const longestAfter = Math.max(firstVisit.longestAfterPaintMs, cached.longestAfterPaintMs);
    const longest = Math.max(firstVisit.longTasks[0] ?? 0, cached.longTasks[0] ?? 0);
    const met =
      firstVisit.contentMs <= PHONE_TARGETS.firstVisitMs &&
      cached.contentMs <= PHONE_TARGETS.cachedMs &&
      firstVisit.scriptBytesBeforePaint <= PHONE_TARGETS.scriptBytesBeforePaint &&
      longestAfter <= PHONE_TARGETS.longestAfterPaintMs &&
      longest <= PHONE_TARGETS.longestMs;
    lines.push(
      `| ${result.name} | ${firstVisit.contentMs.toFixed(0)} ms | ${cached.contentMs.toFixed(0)} ms | ${kb(firstVisit.scriptBytesBeforePaint)} | ${longestAfter} ms | ${longest} ms | ${firstVisit.longTasks.join(', ') || 'none'} | ${cached.longTasks.join(', ') || 'none'} | ${met ? 'yes' : '**no**'} | ${result.plainFirstVisit ? `${result.plainFirstVisit.contentMs.toFixed(0)} ms` : 'not measured'} |`,
    );
  }
  return lines;
}
