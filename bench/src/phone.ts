// npm run bench:phone [-- --db postgres]: each main screen as the bench seed's keeper opens it on a
// mid-range phone (390 px, 4× CPU slowdown; slow 4G for a first visit, then with its files cached),
// over HTTPS with HTTP/2 through HAProxy as a phone reaches a deployment, and its first visit from the
// app's own plain HTTP/1.1 beside it. Results in bench/results/phone.md.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBrowserBench } from './browser-bench';
import { measurePhoneScreens, PHONE_TARGETS, phoneTable } from './phone-screens';

const { url, appUrl, browser, isPostgres, keeper, close } = await startBrowserBench({ tls: true });
let lines: string[] = [];
try {
  const results = await measurePhoneScreens(browser, url, keeper, appUrl);
  lines = [
    `Phone screens ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${isPostgres ? 'PostgreSQL' : 'PGlite'}, Chromium at 390 px, 4× CPU slowdown, the keeper of the store with 10,000 materials, over HTTPS with HTTP/2 through HAProxy`,
    '',
    `Targets: content within ${PHONE_TARGETS.firstVisitMs} ms on a first visit over slow 4G and ${PHONE_TARGETS.cachedMs} ms with the files cached; at most ${PHONE_TARGETS.scriptBytesBeforePaint / 1024} KB of compressed JavaScript before the first paint; no task over ${PHONE_TARGETS.longestAfterPaintMs} ms after the first paint, none over ${PHONE_TARGETS.longestMs} ms at all.`,
    '',
    ...phoneTable(results),
  ];
} finally {
  await close();
}
console.log(lines.join('\n'));
writeFileSync(join(import.meta.dirname, '..', 'results', 'phone.md'), `${lines.join('\n')}\n`);
