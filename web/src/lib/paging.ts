import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetchPage } from './api';

export const PAGE_SIZE = 50;

type ListSource<T, R> = { key: readonly unknown[]; path: string; rowsOf?: (data: R) => T[] };

/** The query of one page of a server-searched list: the phone downloads the rows it shows, never the whole store. */
export function pagedQuery<T, R = T[]>(
  source: ListSource<T, R>,
  options: { q?: string; page: number; extra?: Record<string, string | undefined> },
) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String((options.page - 1) * PAGE_SIZE) });
  if (options.q?.trim()) params.set('q', options.q.trim());
  for (const [name, value] of Object.entries(options.extra ?? {})) if (value) params.set(name, value);
  return queryOptions({
    queryKey: [...source.key, 'page', params.toString()],
    queryFn: () => apiFetchPage<T, R>(`${source.path}?${params}`, source.rowsOf),
    placeholderData: keepPreviousData,
  });
}

/** What pagedQuery returns for rows of T. */
export type PageQueryOptions<T> = ReturnType<typeof pagedQuery<T>>;

/** The query of up to five distinct names starting the search box's suggestions. */
export function suggestionsQuery<T extends { name: string }, R = T[]>(source: ListSource<T, R>, q: string) {
  const search = q.trim();
  return queryOptions({
    queryKey: [...source.key, 'suggestions', search],
    queryFn: async () => {
      const { rows } = await apiFetchPage<T, R>(`${source.path}?limit=25&q=${encodeURIComponent(search)}`, source.rowsOf);
      return [...new Set(rows.map((row) => row.name))].slice(0, 5);
    },
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** A list screen's search box and page: the search goes to the server after a pause, and a new search starts at page 1. */
export function useSearchPaging() {
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  return { search, setSearch, debounced, page, setPage };
}
