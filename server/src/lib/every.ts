import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `task` now and then `everyMs` after each run ends, logging a failure as `failure` and going on.
 * Returns a stop function that waits for a run under way.
 */
export function runEvery(task: () => Promise<unknown>, everyMs: number, log: FastifyBaseLogger, failure: string): () => Promise<void> {
  let isStopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = task()
      .catch((error) => log.warn({ err: error }, failure))
      .then(() => {
        if (!isStopped) timer = setTimeout(tick, everyMs);
      });
  };
  timer = setTimeout(tick, 0);
  return async () => {
    isStopped = true;
    clearTimeout(timer);
    await running;
  };
}
