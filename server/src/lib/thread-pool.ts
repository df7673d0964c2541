import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/**
 * A pool of threads for work too heavy for the request loop (drawing PDFs, reading spreadsheets): at
 * most one fewer than the cores, ending when idle. `worker` is the thread's module beside this one's
 * bundle (`name.worker.js`), or its TypeScript source when run from source (tests, dev).
 */
export function threadPool(worker: { source: URL; bundled: URL }, limits: { memoryMb?: number } = {}) {
  const fromSource = import.meta.url.endsWith('.ts');
  let pool: Piscina | undefined;
  const threads = () => {
    pool ??= new Piscina({
      filename: (fromSource ? worker.source : worker.bundled).href,
      maxThreads: Math.max(1, availableParallelism() - 1),
      minThreads: 0,
      idleTimeout: 30_000,
      execArgv: fromSource ? ['--import', 'tsx'] : [],
      ...(limits.memoryMb ? { resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb } } : {}),
    });
    return pool;
  };
  return {
    run: <T>(task: unknown, options: Parameters<Piscina['run']>[1] = {}): Promise<T> => threads().run(task, options),
    /** Ends the threads (when the server stops). */
    close: async () => {
      const current = pool;
      pool = undefined;
      await current?.close();
    },
  };
}
