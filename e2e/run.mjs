// `npm run test:e2e`: Playwright in Debian's Chromium against the built app on a fresh data folder.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`No Chromium at ${chromium}: install it with "apt-get install -y chromium" to run the end-to-end tests.`);
  process.exit(1);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', cwd: import.meta.dirname });
process.exit(result.status ?? 1);
