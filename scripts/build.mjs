// Builds the web app and the server when their sources changed since the last build.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** A hash of every file under the given paths, so a changed source means a rebuild. */
function hashSources(paths) {
  const hash = createHash('sha256');
  const visit = (path) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) {
        if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
      }
      return;
    }
    hash.update(relative(root, path));
    hash.update(readFileSync(path));
  };
  for (const path of paths) visit(join(root, path));
  return hash.digest('hex');
}

function buildIfStale(name, sources, output, command) {
  const stamp = join(root, output, '.source-hash');
  const current = hashSources(sources);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === current) return;
  console.log(`Building ${name}...`);
  execSync(command, { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, current);
}

export function buildAll() {
  const contract = ['contract/src', 'package-lock.json'];
  buildIfStale(
    'the web app',
    ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'web/compress-dist.mjs', ...contract],
    'web/dist',
    'npm run build -w web',
  );
  buildIfStale(
    'the server',
    ['server/src', 'server/build.mjs', 'server/package.json', ...contract],
    'server/dist',
    'npm run build -w server',
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildAll();
