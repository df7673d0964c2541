// npm run bench:lighthouse [-- --db postgres]: Lighthouse (mobile, simulated slow 4G) on the login page
// (a first visit, empty cache), the keeper hub and a keeper's Material List of the seeded store with 10,000 materials
// (after signing in, the files cached), in Debian's Chromium; then the field app's start: installable,
// and the keeper hub with no signal from the service worker against its first load over slow 4G.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { startBrowserBench } from './browser-bench';
import { measureOfflineStart, type OfflineStart } from './offline-start';

const resultsDir = join(import.meta.dirname, '..', 'results', 'lighthouse');
/** Lighthouse's mobile scores each audited page must reach, in light and dark. */
const TARGET = { performance: 95, accessibility: 100 };

const { url, browser, isPostgres, chromePath, keeper, close } = await startBrowserBench();
const { token, role } = keeper;
let offlineStart: OfflineStart | undefined;
const scores: { page: string; performance: number; accessibility: number; lcpMs: number; tbtMs: number }[] = [];
try {
  /**
   * A first visit starts with an empty browser cache; a keeper's later visits find the files cached.
   * In `dark`, the page is shown in dark mode, as the person chose it on the device.
   */
  async function audit(name: string, path: string, signedIn: boolean, firstVisit: boolean, scheme: 'light' | 'dark' = 'light') {
    const page = await browser.newPage();
    // The session lives in localStorage, as after a sign-in; Lighthouse is told to keep storage.
    await page.goto(`${url}/`);
    await page.evaluate(
      ({ session, scheme }) => {
        localStorage.clear();
        localStorage.setItem('mantine-color-scheme-value', scheme);
        if (session) {
          localStorage.setItem('token', session.token);
          localStorage.setItem('userRole', session.role);
        }
      },
      { session: signedIn ? { token, role } : null, scheme },
    );
    if (firstVisit) await (await page.createCDPSession()).send('Network.clearBrowserCache');
    const result = await lighthouse(
      `${url}${path}`,
      { output: 'html', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true, logLevel: 'error' },
      undefined,
      page,
    );
    await page.close();
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { categories, audits } = result.lhr;
    scores.push({
      page: name,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    });
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, name.replace(/\W+/g, '-').toLowerCase());
    writeFileSync(`${file}.html`, result.report as string);
    writeFileSync(`${file}.json`, JSON.stringify(result.lhr));
  }

  await audit('Login page', '/', false, true);
  await audit('Keeper hub', '/dashboard/manager-dashboard', true, false);
  await audit('Material List, 10,000 materials', '/dashboard/allproducts', true, false);
  await audit('Login page, dark mode', '/', false, true, 'dark');
  await audit('Keeper hub, dark mode', '/dashboard/manager-dashboard', true, false, 'dark');
  await audit('Material List, 10,000 materials, dark mode', '/dashboard/allproducts', true, false, 'dark');
  offlineStart = await measureOfflineStart(browser, url, { token, role });
} finally {
  await close();
}

const lines = [
  `Lighthouse ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${isPostgres ? 'PostgreSQL' : 'PGlite'}, mobile (simulated slow 4G, 4× CPU slowdown), Chromium at ${chromePath}`,
  '',
  `| page | performance | accessibility | LCP ms | TBT ms | met (≥ ${TARGET.performance}, ${TARGET.accessibility}) |`,
  '|---|---:|---:|---:|---:|---|',
  ...scores.map(
    (s) =>
      `| ${s.page} | ${s.performance} | ${s.accessibility} | ${s.lcpMs} | ${s.tbtMs} | ${s.performance >= TARGET.performance && s.accessibility >= TARGET.accessibility ? 'yes' : '**no**'} |`,
  ),
];
if (offlineStart) {
  const { installabilityErrors, manifestErrors, onlineMs, firstOfflineMs, offlineMs, servedByServiceWorker } = offlineStart;
  const ratio = offlineMs / onlineMs;
  const firstRatio = firstOfflineMs / onlineMs;
  const installable = installabilityErrors.length === 0 && manifestErrors.length === 0;
  lines.push(
    '',
    "The field app's start (median of 5 keepers' phones with nothing cached, 4× CPU slowdown):",
    '',
    '| check | found | target | met |',
    '|---|---|---|---|',
    `| installable (Chromium's own check, as Lighthouse's installable-manifest audit read it) | ${installable ? 'no errors' : [...installabilityErrors, ...manifestErrors].join('; ')} | no errors | ${installable ? 'yes' : '**no**'} |`,
    `| offline start: the keeper hub reloaded with no signal | ${servedByServiceWorker ? 'served by the service worker' : '**not** served by the service worker'} | from the service worker | ${servedByServiceWorker ? 'yes' : '**no**'} |`,
    `| keeper hub shown offline, the first time after install, vs its first load over slow 4G | ${firstOfflineMs.toFixed(0)} ms vs ${onlineMs.toFixed(0)} ms, ${firstRatio.toFixed(2)}× | < 0.25× | ${firstRatio < 0.25 ? 'yes' : '**no**'} |`,
    `| keeper hub shown offline, a later time, vs its first load over slow 4G | ${offlineMs.toFixed(0)} ms vs ${onlineMs.toFixed(0)} ms, ${ratio.toFixed(2)}× | < 0.25× | ${ratio < 0.25 ? 'yes' : '**no**'} |`,
  );
}
console.log(lines.join('\n'));
writeFileSync(join(resultsDir, 'scores.md'), `${lines.join('\n')}\n`);
