import { databaseErrorCode, SERIALIZATION_FAILURE } from '../lib/errors';
import type { Db } from './client';
import { isConnectionFailure } from './connection-errors';
import { lastWritePosition, primaryPosition, replicaState } from './write-positions';

/** Where a read went: the replica, or the primary and why. */
export type ReadRoute = 'replica' | 'own_write' | 'lagging' | 'unavailable' | 'failed';

/** Runs a read on the database that may serve it, for the person who asks (null: no one in particular). */
export type ReadWork = <T>(userId: string | null, work: (db: Db) => Promise<T>) => Promise<T>;

type Sample = { at: number; lsn: bigint };

/**
 * Reads sent to a streaming replica when it may serve them: it answered its last check, it is at most
 * `maxLagMs` behind, and it has replayed the asker's last write (see write-positions.ts); otherwise,
 * and when the replica fails mid-read, the primary serves them. The replica is checked every `pollMs`:
 * its replay position against the primary's, whose recent positions date how far behind it is.
 */
export class ReplicaReads {
  readonly #samples: Sample[] = [];
  #replayed: bigint | null = null;
  #checkedAt = 0;
  #lagMs: number | null = null;
  #timer: NodeJS.Timeout | undefined;
  /** Reads served so far, by where they went. */
  readonly served = new Map<ReadRoute, number>();

  constructor(
    readonly primary: Db,
    readonly replica: Db,
    readonly options: { maxLagMs: number; pollMs: number },
  ) {}

  /** Checks the replica now and every pollMs from here on. */
  start(): Promise<void> {
    this.#timer = setInterval(() => void this.check(), this.options.pollMs);
    this.#timer.unref();
    return this.check();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /** How far behind the replica was at its last check (null: it did not answer). */
  get lagSeconds(): number | null {
    return this.isAnswering() && this.#lagMs !== null ? this.#lagMs / 1000 : null;
  }

  async check(): Promise<void> {
    try {
      const [replayed, current] = await Promise.all([replicaState(this.replica), primaryPosition(this.primary)]);
      const now = Date.now();
      this.#samples.push({ at: now, lsn: current });
      const keepFrom = now - this.options.maxLagMs - 2 * this.options.pollMs;
      while (this.#samples.length > 1 && (this.#samples[0] as Sample).at < keepFrom) this.#samples.shift();
      // Behind by the age of the oldest position the primary had passed that the replica has not.
      const oldestUnreplayed = this.#samples.find((sample) => sample.lsn > replayed);
      this.#lagMs = oldestUnreplayed ? now - oldestUnreplayed.at : 0;
      this.#replayed = replayed;
      this.#checkedAt = now;
    } catch {
      this.#replayed = null;
    }
  }

  read: ReadWork = async (userId, work) => {
    const route = await this.routeFor(userId);
    if (route !== 'replica') return this.counted(route, () => work(this.primary));
    try {
      return await this.counted('replica', () => work(this.replica));
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      this.#replayed = null;
      return this.counted('failed', () => work(this.primary));
    }
  };

  private async counted<T>(route: ReadRoute, work: () => Promise<T>): Promise<T> {
    const result = await work();
    this.served.set(route, (this.served.get(route) ?? 0) + 1);
    return result;
  }

  private isAnswering(): boolean {
    return this.#replayed !== null && Date.now() - this.#checkedAt <= 3 * this.options.pollMs;
  }

  private async routeFor(userId: string | null): Promise<ReadRoute> {
    if (!this.isAnswering() || this.#replayed === null) return 'unavailable';
    if ((this.#lagMs ?? 0) > this.options.maxLagMs) return 'lagging';
    if (!userId) return 'replica';
    const written = await lastWritePosition(this.primary, userId);
    if (written === null || written <= this.#replayed) return 'replica';
    // The last check may predate the write: ask the replica how far it is now.
    try {
      return written <= (await replicaState(this.replica)) ? 'replica' : 'own_write';
    } catch {
      return 'unavailable';
    }
  }
}

/** Whether a read failed because of the replica (gone, restarting, or replaying over it: 40001), not the read itself. */
export function isReplicaFailure(error: unknown): boolean {
  return databaseErrorCode(error) === SERIALIZATION_FAILURE || isConnectionFailure(error);
}

/** Reads with no replica: all on the primary. */
export function primaryReads(primary: Db): ReadWork {
  return (_userId, work) => work(primary);
}
