// The field app's start: is it installable, and how fast does the keeper hub come up with no signal,
// from the service worker, against its first load over slow 4G? Both in the same Chromium, 4× CPU slowdown.
import type { Browser, CDPSession, Page } from 'puppeteer-core';

const HUB = '/dashboard/manager-dashboard';
/** Lighthouse's mobile network: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const NO_SIGNAL = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
export const CPU_SLOWDOWN = 4;

export type OfflineStart = {
  installabilityErrors: string[];
  manifestErrors: string[];
  onlineMs: number;
  /** The first start with no signal after the service worker was installed. */
  firstOfflineMs: number;
  /** A later start with no signal. */
  offlineMs: number;
  servedByServiceWorker: boolean;
};

/** Milliseconds from the navigation's start until the hub's buttons are on screen. */
async function hubShownMs(page: Page): Promise<number> {
  const shown = await page.waitForFunction(
    () => {
      const button = [...document.querySelectorAll('a, button')].find((node) => node.textContent?.includes('Needs attention'));
      return button && (button as HTMLElement).offsetParent ? performance.now() : false;
    },
    { polling: 'raf', timeout: 60_000 },
  );
  return (await shown.jsonValue()) as number;
}

/**
 * One keeper's phone with nothing cached: the hub loaded over slow 4G, then, once the service worker
 * is active, loaded again with no signal at all.
 */
async function oneStart(browser: Browser, url: string, session: { token: string; role: string }) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const cdp: CDPSession = await page.createCDPSession();
    // A page of the app's origin that is not the app: the session is put where a sign-in leaves it.
    await page.goto(`${url}/manifest.webmanifest`);
    await page.evaluate((signedIn) => {
      localStorage.setItem('token', signedIn.token);
      localStorage.setItem('userRole', signedIn.role);
    }, session);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await page.goto(`${url}${HUB}`);
    const onlineMs = await hubShownMs(page);

    await cdp.send('Network.emulateNetworkConditions', { ...SLOW_4G, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await cdp.send('Network.emulateNetworkConditions', NO_SIGNAL);
    const first = await page.reload();
    const firstOfflineMs = await hubShownMs(page);
    // The first start from the service worker also has V8 cache the compiled code; later ones use it.
    const later = await page.reload();
    const offlineMs = await hubShownMs(page);
    return {
      onlineMs,
      firstOfflineMs,
      offlineMs,
      servedByServiceWorker: Boolean(first?.fromServiceWorker() && later?.fromServiceWorker()),
    };
  } finally {
    await context.close();
  }
}

/**
 * Chromium's own installability check on the signed-in hub, in the browser's own profile (a separate
 * context is like a private window, where nothing installs).
 */
async function installability(browser: Browser, url: string) {
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    await page.goto(`${url}${HUB}`);
    await hubShownMs(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
    return {
      installabilityErrors: installabilityErrors.map((error) => error.errorId),
      manifestErrors: manifest.errors.map((error) => error.message),
    };
  } finally {
    await page.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The median of `runs` starts, whether every one came from the service worker, and the installability check. */
export async function measureOfflineStart(
  browser: Browser,
  url: string,
  session: { token: string; role: string },
  runs = 5,
): Promise<OfflineStart> {
  const starts = [];
  for (let run = 0; run < runs; run++) starts.push(await oneStart(browser, url, session));
  return {
    ...(await installability(browser, url)),
    onlineMs: median(starts.map((start) => start.onlineMs)),
    firstOfflineMs: median(starts.map((start) => start.firstOfflineMs)),
    offlineMs: median(starts.map((start) => start.offlineMs)),
    servedByServiceWorker: starts.every((start) => start.servedByServiceWorker),
  };
}
