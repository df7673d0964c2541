import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import type { Db } from '../../db/client';
import { findReportPosition } from './reports.repository';

/** A kept report: the position it was built at, the report, and what was made of it (its JSON answers). */
type Entry<R> = { position: string; report: R; views: Map<string, unknown> };

/** Builds a report; given the one kept at an older position, it may bring that one up to date instead. */
type Build<R> = (kept: R | undefined) => Promise<R>;

export type ReportCacheOptions = {
  /** How many reports to keep (the least recently asked for go first). */
  entries?: number;
  /** How many reports one process builds at once; the others wait their turn. */
  concurrency?: number;
  /**
   * How much rest building reports takes, in multiples of the time spent building: 3 leaves it at
   * most a quarter of the process's time, however many ask, once the burst is spent.
   */
  rest?: number;
  /** How much building time (ms) may go without rest: one admin's few reports never wait. */
  burst?: number;
};

/**
 * Store reports by store, range and time zone, each kept with the position it was built at and
 * served only while the store's position is the same. Building is limited to `concurrency` at a
 * time, and paced: at month-end the keepers record in the very store whose report a crowd keeps
 * asking for, so each ask needs a new build, and back to back these would take the process from the
 * keepers' movements. The same report asked for while it is being built waits for that build
 * rather than starting another.
 */
export function createReportCache<R>(options: ReportCacheOptions = {}) {
  const cache = new LRUCache<string, Entry<R>>({ max: options.entries ?? 32 });
  const building = new Map<string, Promise<Entry<R>>>();
  const limit = pLimit(options.concurrency ?? 1);
  const pace = createPace(options.rest ?? 3, options.burst ?? 250);

  async function entryOf(
    db: Db,
    key: { storeId: string; start: string; end: string; timeZone: string },
    build: Build<R>,
  ): Promise<Entry<R>> {
    const id = `${key.storeId}|${key.start}|${key.end}|${key.timeZone}`;
    // Read before the report is built: a change that lands in between makes the kept position old,
    // so the next ask builds again (never the other way round).
    const position = await findReportPosition(db, key.storeId);
    const kept = cache.get(id);
    if (kept && kept.position === position) {
      return kept;
    }
    const buildId = `${id}|${position}`;
    const inFlight = building.get(buildId);
    if (inFlight) return inFlight;
    const built = new Promise<Entry<R>>((resolve, reject) => {
      void limit(async () => {
        await pace.turn();
        const started = performance.now();
        try {
          // The latest kept, which a build that finished while this one waited may have replaced.
          const entry = { position, report: await build(cache.get(id)?.report), views: new Map<string, unknown>() };
          cache.set(id, entry);
          resolve(entry);
        } catch (error) {
          reject(error);
        }
        pace.spent(performance.now() - started);
      });
    }).finally(() => building.delete(buildId));
    building.set(buildId, built);
    return built;
  }

  return {
    /** The report, kept or built. */
    async report(db: Db, key: Parameters<typeof entryOf>[1], build: Build<R>): Promise<R> {
      return (await entryOf(db, key, build)).report;
    },
    /** Something made of the report (an answer's JSON), made once for as long as the report is kept. */
    async view<V>(db: Db, key: Parameters<typeof entryOf>[1], build: Build<R>, name: string, make: (report: R) => Promise<V>): Promise<V> {
      const entry = await entryOf(db, key, build);
      if (!entry.views.has(name)) {
        const made = make(entry.report);
        entry.views.set(name, made);
        // A failure is not kept: the next ask makes it again.
        made.catch(() => entry.views.delete(name));
      }
      return entry.views.get(name) as Promise<V>;
    },
  };
}

export type ReportCache<R> = ReturnType<typeof createReportCache<R>>;

/**
 * Building time as a bucket of `burst` ms that fills by 1 ms for every 1 + `rest` ms that pass: a
 * build takes its time out of it, and the next one waits while it is empty (at most MAX_WAIT_MS, as
 * a report that takes seconds to build would otherwise keep the next asker waiting far longer).
 */
const MAX_WAIT_MS = 2_000;

function createPace(rest: number, burst: number) {
  let left = burst;
  let filledAt = performance.now();
  const fill = () => {
    const now = performance.now();
    left = Math.min(burst, left + (now - filledAt) / (1 + rest));
    filledAt = now;
  };
  return {
    async turn() {
      fill();
      if (left >= 0) return;
      await sleep(Math.min(-left * (1 + rest), MAX_WAIT_MS));
      // What a wait cut short still owes is forgiven, so the bucket never sinks further than one wait.
      fill();
      left = Math.max(left, 0);
    },
    spent(ms: number) {
      fill();
      left -= ms;
    },
  };
}
