// What the browser benchmarks share: the app started on the seeded data (PGlite by default, or
// `--db postgres` with DATABASE_URL), Debian's Chromium, and the bench keeper's session.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer, { type Browser } from 'puppeteer-core';
import { startServer } from '../../e2e/reliability/app-process';
import { BENCH_USERS } from './seed';
import { startTlsFront, type TlsFront } from './tls-front';

export type BrowserBench = {
  /** Where the browser opens the app: over HTTPS with HTTP/2 when asked for `tls`, else the app itself. */
  url: string;
  /** The app itself, over plain HTTP/1.1. */
  appUrl: string;
  browser: Browser;
  isPostgres: boolean;
  chromePath: string;
  keeper: { token: string; role: string };
  close: () => Promise<void>;
};

export async function startBrowserBench(options: { tls?: boolean } = {}): Promise<BrowserBench> {
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
  let front: TlsFront | undefined;
  try {
    if (options.tls) front = await startTlsFront(app.url);
  } catch (error) {
    await app.stop();
    throw error;
  }
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-sync',
      ...(front ? [front.chromiumFlag] : []),
    ],
  });
  const close = async () => {
    await browser.close();
    await front?.stop();
    await app.stop();
  };
  try {
    const response = await fetch(`${app.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_USERS.keeper),
    });
    if (!response.ok)
      throw new Error(`The bench keeper cannot sign in (${response.status}): seed the database first (npm run bench:seed).`);
    const keeper = (await response.json()) as { token: string; role: string };
    return { url: front?.url ?? app.url, appUrl: app.url, browser, isPostgres, chromePath, keeper, close };
  } catch (error) {
    await close();
    throw error;
  }
}
