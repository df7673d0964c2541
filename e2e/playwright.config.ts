import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const port = Number(process.env.E2E_PORT ?? 3199);
/** A second server whose keeper's store holds 10,000 materials (the benchmark seed) and whose admins need two-step sign-in. */
const bigStorePort = port - 1;

export default defineConfig({
  testDir: './tests',
  // Files run two at a time, each on stores and people of its own; the tests that time the main thread
  // run last and alone (the project "timed"), so that the other worker's browser does not weigh on them.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // With two browsers and two servers on two cores, the longest flows (a keeper's day, an offline issue
  // with a photo) take 50-60 s where they take 25 s alone: a test has twice that before it fails.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'playwright-report/results.json' }]],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'app', testIgnore: /big-store|admin-mfa/ },
    { name: 'seeded', testMatch: /admin-mfa/, use: { baseURL: `http://127.0.0.1:${bigStorePort}` } },
    {
      name: 'timed',
      testMatch: /big-store/,
      dependencies: ['app', 'seeded'],
      use: { baseURL: `http://127.0.0.1:${bigStorePort}` },
    },
  ],
  webServer: [
    {
      command: 'node start-server.mjs',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node start-server.mjs',
      env: { E2E_PORT: String(bigStorePort), E2E_BIG_STORE: '1' },
      url: `http://127.0.0.1:${bigStorePort}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
