import { describe, expect, it } from 'vitest';
import { readList, saveLists } from './outbox';

function rows(count: number, name: string) {
  return Array.from({ length: count }, (_, index) => ({ _id: `${name}-${index}`, name: `${name} ${index}` }));
}

/** Every record the phone's kept-lists store holds. */
function keptRecordCount(): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('stockyard-offline');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const count = open.result.transaction('lists').objectStore('lists').count();
      count.onsuccess = () => {
        resolve(count.result);
        open.result.close();
      };
    };
  });
}

describe('kept lists', () => {
  it('are read whole from the lists in use while a bigger save is still being written', async () => {
    await saveLists([{ key: 'materials:reader', rows: rows(3, 'old') }]);
    const saving = saveLists([{ key: 'materials:reader', rows: rows(4_000, 'new') }]);
    const during = await readList<{ name: string }>('materials:reader');
    expect(during?.rows.map((row) => row.name)).toEqual(['old 0', 'old 1', 'old 2']);
    await saving;
    const after = await readList<{ name: string }>('materials:reader');
    expect(after?.rows).toHaveLength(4_000);
    expect(after?.rows[3_999]?.name).toBe('new 3999');
  });

  it('keep only the pages of the lists in use after each save', async () => {
    const before = await keptRecordCount();
    await saveLists([{ key: 'tools:pages', rows: rows(1_200, 'a') }]);
    expect(await keptRecordCount()).toBe(before + 1 + 3);
    await saveLists([{ key: 'tools:pages', rows: rows(400, 'b') }]);
    expect(await keptRecordCount()).toBe(before + 1 + 1);
    await saveLists([{ key: 'tools:pages', rows: [] }]);
    expect(await keptRecordCount()).toBe(before + 1);
    expect(await readList('tools:pages')).toMatchObject({ rows: [] });
  });
});
