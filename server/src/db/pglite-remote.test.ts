import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBackground, PgliteRemote } from './pglite-remote';

let remote: PgliteRemote;
beforeAll(async () => {
  remote = await PgliteRemote.open();
});
afterAll(() => remote.close());

/** A CPU-bound statement of roughly `ms` milliseconds on this machine. */
let rowsPerMs = 0;
const busy = (ms: number) => `select count(*) from generate_series(1, ${Math.max(1, Math.round(ms * rowsPerMs))}) g where g % 7 = 0`;

describe('the embedded database thread', () => {
  beforeAll(async () => {
    const started = performance.now();
    await remote.query('select count(*) from generate_series(1, 1000000) g where g % 7 = 0');
    rowsPerMs = 1_000_000 / (performance.now() - started);
  });

  it('answers interactive statements before background ones that were sent earlier', async () => {
    const finished: string[] = [];
    const track = (name: string, work: Promise<unknown>) => work.then(() => finished.push(name));
    await Promise.all([
      track(
        'background 1',
        inBackground(() => remote.query(busy(150))),
      ),
      track(
        'background 2',
        inBackground(() => remote.query(busy(20))),
      ),
      track(
        'background 3',
        inBackground(() => remote.query(busy(20))),
      ),
      track('interactive', remote.query('select 1')),
      track(
        'transaction',
        remote.transaction((tx) => tx.query('select 1')),
      ),
    ]);
    // The first slice was already running; the interactive work then went ahead of the queued slices.
    expect(finished).toEqual(['background 1', 'interactive', 'transaction', 'background 2', 'background 3']);
  });

  it('still finishes background work while interactive work never stops arriving', async () => {
    let backgroundDone = false;
    let interactiveAnswered = 0;
    const keepBusy = async () => {
      while (!backgroundDone) {
        await remote.query(busy(2));
        interactiveAnswered += 1;
      }
    };
    const background = inBackground(async () => {
      for (let slice = 0; slice < 10; slice += 1) await remote.query(busy(10));
    }).finally(() => {
      backgroundDone = true;
    });
    await Promise.all([background, ...Array.from({ length: 20 }, keepBusy)]);
    expect(backgroundDone).toBe(true);
    expect(interactiveAnswered).toBeGreaterThan(20);
  });

  it('keeps a transaction to itself: nothing else runs between its statements', async () => {
    await remote.exec('create table turn_order (n int)');
    let hasBegun: () => void = () => {};
    const begun = new Promise<void>((resolve) => {
      hasBegun = resolve;
    });
    const inside = remote.transaction(async (tx) => {
      await tx.query('insert into turn_order values (1)');
      hasBegun();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query('insert into turn_order values (2)');
    });
    await begun;
    const others = [
      inBackground(() => remote.query('insert into turn_order values (3)')),
      remote.query('insert into turn_order values (4)'),
    ];
    await Promise.all([inside, ...others]);
    const { rows } = await remote.query('select n from turn_order order by ctid');
    expect(rows.slice(0, 2)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(rows).toHaveLength(4);
  });
});

describe('a snapshot of the embedded database', () => {
  it('opens as a copy: with the rows it had, and what the copy writes stays in the copy', async () => {
    await remote.exec(
      'create extension if not exists pg_trgm; create table snapshot_rows (n int); insert into snapshot_rows values (1), (2)',
    );
    const copy = await PgliteRemote.open(undefined, await remote.dump());
    try {
      expect((await copy.query('select n from snapshot_rows order by n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
      await copy.query('insert into snapshot_rows values (3)');
      await remote.query('delete from snapshot_rows where n = 1');
      expect((await copy.query('select count(*)::int as n from snapshot_rows')).rows).toEqual([{ n: 3 }]);
      expect((await remote.query('select count(*)::int as n from snapshot_rows')).rows).toEqual([{ n: 1 }]);
      expect((await copy.query(`select 'abc' % 'abd' as similar`)).rows).toEqual([{ similar: true }]);
    } finally {
      await copy.close();
    }
  });
});
