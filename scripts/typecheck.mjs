// `npm run typecheck`: tsc --noEmit on every workspace and on scripts/, as many at once as there are
// cores (each tsc uses one); prints each one's errors and fails when any has some.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The longest first, so that the short ones fill in around them.
const projects = ['server', 'web', 'bench', 'e2e', 'contract', 'scripts'];
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', join(root, project)], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, code, output }));
  });
}

const waiting = [...projects];
const results = await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), projects.length) }, async () => {
    const done = [];
    for (let project = waiting.shift(); project; project = waiting.shift()) done.push(await check(project));
    return done;
  }),
);
let failed = 0;
for (const { project, code, output } of results.flat()) {
  console.log(`${code === 0 ? 'ok    ' : 'FAILED'} ${project}`);
  if (code !== 0) {
    failed += 1;
    process.stdout.write(output);
  }
}
process.exit(failed === 0 ? 0 : 1);
