// Bundles the server (with the TypeScript contract) into dist/main.js; npm packages stay external.
import { copyFileSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@stockyard/'));

await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
// The embedded database's thread: plain JavaScript, found next to the bundle that starts it.
copyFileSync('src/db/pglite-worker.mjs', 'dist/pglite-worker.mjs');
