import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, root } from '../../e2e/reliability/app-process';

/** Starts bare-server.ts on the database `env` names and waits until it answers. */
export async function startBare(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(process.env.BARE_NODE_ARGS?.split(' ') ?? []), '--import', 'tsx', join(import.meta.dirname, 'bare-server.ts')],
    {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: 'inherit',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i += 1) {
    try {
      if ((await fetch(`${url}/bare/health`)).ok) return { url, child };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error('bare server did not start');
}
