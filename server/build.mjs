// Bundles the server (with the TypeScript contract) into dist/main.js, its CLI and its PDF and spreadsheet threads; npm packages stay external.
import { copyFileSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@stockyard/'));

await build({
  entryPoints: [
    { in: 'src/main.ts', out: 'main' },
    { in: 'src/cli.ts', out: 'cli' },
    // A PDF thread's code, loaded by lib/pdf/pdf-threads.ts from beside the bundle.
    { in: 'src/lib/pdf/table-pdf.worker.ts', out: 'table-pdf.worker' },
    // A spreadsheet thread's code, loaded by features/imports/spreadsheet.ts from beside the bundle.
    { in: 'src/features/imports/spreadsheet.worker.ts', out: 'spreadsheet.worker' },
  ],
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
