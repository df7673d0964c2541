import type { Product, Tool } from '@stockyard/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { matchesSearch } from '../../lib/format';
import type { ListQueryResult } from '../../lib/paged-table';
import { PAGE_SIZE } from '../../lib/paging';
import { type KeptRow, type OfflineListName, offlineList, refreshSnapshot } from './snapshot';
import { useOnline } from './use-outbox';

/** The screen's own first page comes before the kept lists are fetched. */
const SNAPSHOT_DELAY_MS = 1_000;

/**
 * Whether a screen's server list is out of reach (no signal, or no answer), and then the list kept on
 * the phone with the time it was fetched. A screen that can fall back on a kept list also keeps the
 * store's lists on the phone, once its own first page is in, so that a keeper who only ever looked
 * stock up still has it with no signal.
 */
export function useKeptList<T extends KeptRow>(
  name: OfflineListName | undefined,
  server: { isError: boolean; isPaused: boolean },
): { isOffline: boolean; isReadingKept: boolean; kept: { rows: T[]; syncedAt: string } | undefined } {
  const isOnline = useOnline();
  useEffect(() => {
    if (!name) return;
    const timer = window.setTimeout(() => {
      if (navigator.onLine) void refreshSnapshot({ whenOlder: true });
    }, SNAPSHOT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [name]);
  const isOffline = Boolean(name) && (!isOnline || server.isError || server.isPaused);
  const kept = useQuery({
    queryKey: ['offline-list', name],
    queryFn: () => offlineList<T>(name as OfflineListName),
    enabled: isOffline,
    networkMode: 'always',
    staleTime: 0,
    // Thousands of rows read whole again: comparing them with the last read would cost more than it saves.
    structuralSharing: false,
  });
  return { isOffline, isReadingKept: isOffline && kept.isPending, kept: isOffline ? (kept.data ?? undefined) : undefined };
}

type Searchable = { name: string; code?: string; categoryname?: string; materialname?: string };

/** The kept rows a search finds, as the server's search would: by name, category or material, or a label's exact code. */
export function searchKept<T extends Searchable>(rows: T[], search: string): T[] {
  const code = search.trim().toUpperCase();
  return rows.filter((row) => matchesSearch(search, row.name, row.categoryname, row.materialname) || (code !== '' && row.code === code));
}

/** A list screen's page: the server's, or, while it is out of reach, the same page of the phone's kept list. */
export function useListOrKept<T extends Product | Tool>(
  server: ListQueryResult<T> & { isPaused: boolean },
  name: OfflineListName | undefined,
  search: string,
  page: number,
): { list: ListQueryResult<T>; keptAt: string | null } {
  const { kept } = useKeptList<T>(name, server);
  if (!kept) return { list: server, keptAt: null };
  const found = searchKept(kept.rows, search);
  const rows = found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return { list: { data: { rows, total: found.length }, isPending: false, isError: false, error: null }, keptAt: kept.syncedAt };
}
