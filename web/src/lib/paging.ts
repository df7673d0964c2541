import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetchPage } from './api';

export const PAGE_SIZE = 50;

/** One page of a server-searched list: the phone downloads the rows it shows, never the whole store. */
export function usePagedList<T, R = T[]>(options: {
  key: readonly unknown[];
  path: string;
  q: string;
  page: number;
  extra?: Record<string, string | undefined>;
  rowsOf?: (data: R) => T[];
}) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String((options.page - 1) * PAGE_SIZE) });
  if (options.q.trim()) params.set('q', options.q.trim());
  for (const [name, value] of Object.entries(options.extra ?? {})) if (value) params.set(name, value);
  return useQuery({
    queryKey: [...options.key, 'page', params.toString()],
    queryFn: () => apiFetchPage<T, R>(`${options.path}?${params}`, options.rowsOf),
    placeholderData: keepPreviousData,
  });
}

/** Up to five distinct names starting the search box's suggestions (SPEC.md section 9). */
export function useNameSuggestions<R>(options: { key: readonly unknown[]; path: string; q: string; namesOf: (data: R) => string[] }) {
  const q = options.q.trim();
  return useQuery({
    queryKey: [...options.key, 'suggestions', q],
    queryFn: async () => {
      const { rows } = await apiFetchPage<string, R>(`${options.path}?limit=25&q=${encodeURIComponent(q)}`, options.namesOf);
      return [...new Set(rows)].slice(0, 5);
    },
    enabled: q.length > 0,
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
