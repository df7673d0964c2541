import { Table } from '@mantine/core';
import { type ReactNode, useDeferredValue } from 'react';

export type Column<T> = { header: string; render: (row: T) => ReactNode; align?: 'right' };

/**
 * A table that scrolls sideways inside its card on a phone (the page itself never does), with
 * docs/SPEC.md's loading and empty rows.
 */
export type DataTableProps<T> = {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  isLoading: boolean;
  emptyText: string;
  loadingText?: string;
  minWidth?: number;
  caption?: string;
};

export function DataTable<T>(props: DataTableProps<T>) {
  const span = props.columns.length;
  // A page of rows is built in the background, in slices, so a slow phone stays responsive while it
  // renders; until then the loading row shows.
  const rows = useDeferredValue(props.rows);
  const isLoading = props.isLoading || rows !== props.rows;
  return (
    <Table.ScrollContainer minWidth={props.minWidth ?? 600}>
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" aria-label={props.caption}>
        <Table.Thead>
          <Table.Tr>
            {props.columns.map((column) => (
              <Table.Th key={column.header} ta={column.align} style={{ whiteSpace: 'nowrap' }}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading && (
            <Table.Tr>
              <Table.Td colSpan={span}>{props.loadingText ?? 'Loading...'}</Table.Td>
            </Table.Tr>
          )}
          {!isLoading && rows?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={span}>{props.emptyText}</Table.Td>
            </Table.Tr>
          )}
          {rows?.map((row) => (
            // Plain elements with the Table's own classes: a page of rows is hundreds of cells, and
            // Mantine's per-cell style resolution was most of a phone's time to show the page.
            <tr key={props.rowKey(row)} className={Table.classes.tr} data-striped="odd" data-hover data-with-row-border>
              {props.columns.map((column) => (
                <td key={column.header} className={Table.classes.td} style={column.align ? { textAlign: column.align } : undefined}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
