// npm run bench:phone [-- --db postgres]: each main screen as the bench seed's keeper opens it on a
// mid-range phone (390 px, 4× CPU slowdown; slow 4G for a first visit, then with its files cached).
// Results in bench/results/phone.md.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { startServer } from '../../e2e/reliability/server-process';
import { measurePhoneScreens, PHONE_TARGETS, phoneTable } from './phone-screens';
import { BENCH_USERS } from './seed';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    'data-dir': { type: 'string', default: join(import.meta.dirname, '..', '.data') },
  },
});
const isPostgres = values.db === 'postgres';
if (isPostgres && !process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to the seeded PostgreSQL database.');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const app = await startServer(
  isPostgres ? { DATABASE_URL: process.env.DATABASE_URL as string } : { DATA_DIR: values['data-dir'] as string, DATABASE_URL: '' },
);
const browser = await puppeteer.launch({
  executablePath: chromePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-sync'],
});
let lines: string[] = [];
try {
  const response = await fetch(`${app.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USERS.keeper),
  });
  const session = (await response.json()) as { token: string; role: string };
  const results = await measurePhoneScreens(browser, app.url, session);
  lines = [
    `Phone screens ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${isPostgres ? 'PostgreSQL' : 'PGlite'}, Chromium at 390 px, 4× CPU slowdown, the keeper of the store with 10,000 materials`,
    '',
    `Targets: content within ${PHONE_TARGETS.firstVisitMs} ms on a first visit over slow 4G and ${PHONE_TARGETS.cachedMs} ms with the files cached; at most ${PHONE_TARGETS.scriptBytesBeforePaint / 1024} KB of compressed JavaScript before the first paint; no task over ${PHONE_TARGETS.longestAfterPaintMs} ms after the first paint, none over ${PHONE_TARGETS.longestMs} ms at all.`,
    '',
    ...phoneTable(results),
  ];
} finally {
  await browser.close();
  await app.stop();
}
console.log(lines.join('\n'));
writeFileSync(join(import.meta.dirname, '..', 'results', 'phone.md'), `${lines.join('\n')}\n`);
