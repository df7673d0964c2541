import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table';
import { Pager } from './pager';

/** What a list query gives a screen: a page of rows and the total they were cut from. */
export type ListQueryResult<T> = { data?: { rows: T[]; total: number }; isPending: boolean; isError: boolean; error: unknown };

/** One page of a server-paged list: its error, its rows (or the loading and empty rows) and the pager. */
export function PagedTable<T>({
  list,
  errorText,
  page,
  onPageChange,
  ...table
}: Omit<DataTableProps<T>, 'rows' | 'isLoading'> & {
  list: ListQueryResult<T>;
  /** What to say when the list cannot be fetched. */
  errorText: (error: unknown) => ReactNode;
  page: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <>
      {list.isError && (
        <Alert color="red" mb="md" role="alert">
          {errorText(list.error)}
        </Alert>
      )}
      <DataTable<T> {...table} rows={list.data?.rows} isLoading={list.isPending} />
      <Pager page={page} total={list.data?.total ?? 0} onChange={onPageChange} />
    </>
  );
}
