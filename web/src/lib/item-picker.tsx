import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PageQueryOptions } from './paging';

type Item = { _id: string; name: string };

/**
 * Picks one material or tool, searching on the server as the keeper types, so a store with
 * thousands of items loads fifty at a time.
 */
export function ItemPicker<T extends Item, R extends T = T>(props: {
  label: string;
  /** The first page of items matching a search (the feature's picker query). */
  query: (search: string) => PageQueryOptions<R>;
  value: T | null;
  onChange: (item: T | null) => void;
  describe?: (item: T) => string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const items = useQuery(props.query(debounced));
  const rows = items.data?.rows ?? [];
  const options = props.value && !rows.some((row) => row._id === props.value?._id) ? [props.value, ...rows] : rows;
  return (
    <Select
      label={props.label}
      placeholder="Type to search"
      searchable
      required
      clearable
      nothingFoundMessage={items.isPending ? 'Loading...' : 'Nothing found'}
      data={options.map((item) => ({ value: item._id, label: props.describe ? props.describe(item) : item.name }))}
      value={props.value?._id ?? null}
      onChange={(id) => props.onChange(options.find((item) => item._id === id) ?? null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
    />
  );
}
