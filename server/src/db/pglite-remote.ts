import { AsyncLocalStorage } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';
import { assertOutsideTransaction, runMarkedAsTransaction } from './transaction-guard';

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: unknown };
type Results = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type Reply = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };

/** What Drizzle's PGlite driver calls on its client, inside a transaction or outside. */
export type PgliteQueryable = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
};

/** The database error as the worker saw it: its message and its fields (`code`, `constraint`...). */
function toError(fields: Record<string, unknown> & { message: string }): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

const backgroundWork = new AsyncLocalStorage<true>();

/**
 * Runs `work` as background work: on the embedded database its statements (and the transactions it
 * opens) wait behind interactive ones (while keeping a tenth of the database's time), so a big report does
 * not hold up stock movements. PostgreSQL answers many statements at once and ignores it.
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return backgroundWork.run(true, work);
}

// The worker is plain JavaScript next to this file, in the sources and in the server's bundle.
const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

/**
 * PGlite in a worker thread, behind the interface Drizzle's PGlite driver uses. Queries are
 * answered one at a time by the one embedded database, interactive ones before background ones
 * (`inBackground`); the server's thread stays free for HTTP while a long query runs.
 */
export class PgliteRemote implements PgliteQueryable {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #lastId = 0;
  #failure: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: Reply) => {
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (reply.error) waiting.reject(toError(reply.error));
      else waiting.resolve(reply.result);
    });
    const fail = (error: Error) => {
      this.#failure = error;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The database thread stopped (exit code ${code}).`)));
  }

  /**
   * Starts the worker on a data folder (or in memory without one) and waits until PGlite is open;
   * from a `snapshot` (what `dump` answered) it starts as that database was, without creating a cluster.
   */
  static async open(dir?: string, snapshot?: Uint8Array): Promise<PgliteRemote> {
    const worker = new Worker(WORKER_URL, { workerData: { dir, snapshot } });
    const ready = await new Promise<{ ready: boolean; error?: Reply['error'] }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (!ready.ready) {
      await worker.terminate();
      throw toError(ready.error ?? { message: 'The embedded database did not open.' });
    }
    return new PgliteRemote(worker);
  }

  #send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    this.#lastId += 1;
    const id = this.#lastId;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id, background: backgroundWork.getStore() === true });
    });
  }

  #queryable(tx?: number): PgliteQueryable {
    return {
      query: (sql, params = [], options = {}) =>
        this.#send<Results>({ kind: 'query', tx, sql, params, rowMode: options.rowMode, textDates: Boolean(options.parsers) }),
      exec: (sql) => this.#send<Results[]>({ kind: 'exec', tx, sql }),
    };
  }

  async query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    assertOutsideTransaction();
    return this.#queryable().query(sql, params, options);
  }

  /**
   * query, for a statement sent many times with other values: parsed once under a name and planned
   * again only while PostgreSQL has no steady plan for it. Answers rows as Drizzle's raw queries do.
   */
  async queryPrepared(sql: string, params: unknown[]): Promise<Results> {
    assertOutsideTransaction();
    return this.#send<Results>({ kind: 'query', prepare: true, sql, params, rowMode: 'object', textDates: true });
  }

  async exec(sql: string): Promise<Results[]> {
    assertOutsideTransaction();
    return this.#queryable().exec(sql);
  }

  /** Runs work in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: PgliteQueryable) => Promise<T>): Promise<T> {
    assertOutsideTransaction();
    const tx = await this.#send<number>({ kind: 'begin' });
    let result: T;
    try {
      result = await runMarkedAsTransaction(() => work(this.#queryable(tx)));
    } catch (error) {
      await this.#send({ kind: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.#send({ kind: 'end', tx, commit: true });
    return result;
  }

  /** The database's files as one uncompressed archive, for `open`'s snapshot. */
  async dump(): Promise<Uint8Array> {
    assertOutsideTransaction();
    return this.#send<Uint8Array>({ kind: 'dump' });
  }

  async close(): Promise<void> {
    if (!this.#failure) await this.#send({ kind: 'close' });
    await this.#worker.terminate();
  }
}
