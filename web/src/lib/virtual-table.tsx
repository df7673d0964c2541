import { Table } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';
import { useHeaderText } from './data-table';

export type VirtualColumn = { header: string /** pixels */; width: number; align?: 'right' };

type VirtualTableProps<T> = {
  caption: string;
  columns: VirtualColumn[];
  rows: T[];
  rowKey: (row: T) => string;
  cells: (row: T) => ReactNode[];
  /** Rows kept in view under the rows (totals rows). */
  footer?: ReactNode[][];
  emptyText?: string;
  /** The scrolling box's greatest height (CSS). */
  maxHeight: string;
};

function Cells({ cells, columns }: { cells: ReactNode[]; columns: VirtualColumn[] }) {
  return cells.map((cell, index) => (
    <td key={columns[index]?.header} className={Table.classes.td} style={columns[index]?.align ? { textAlign: 'right' } : undefined}>
      {cell}
    </td>
  ));
}

/**
 * A table of any length in a scrolling box: only the rows in view (and a few either side) are in
 * the page, so ten thousand rows show at once and scroll without freezing a phone. Columns have
 * fixed widths, so they keep their place while rows scroll by; the header stays on top.
 */
export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const scroller = useRef<HTMLElement>(null);
  const headerOf = useHeaderText();
  const width = props.columns.reduce((sum, column) => sum + column.width, 0);
  const virtualizer = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 35,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <section
      ref={scroller}
      aria-label={`${props.caption} rows`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
      tabIndex={0}
      style={{ maxHeight: props.maxHeight, overflow: 'auto' }}
    >
      <Table
        striped
        fz="sm"
        verticalSpacing="xs"
        aria-label={props.caption}
        aria-rowcount={props.rows.length + 1 + (props.footer?.length ?? 0)}
        style={{ tableLayout: 'fixed', width, minWidth: width }}
      >
        <colgroup>
          {props.columns.map((column) => (
            <col key={column.header} style={{ width: column.width }} />
          ))}
        </colgroup>
        <Table.Thead style={{ position: 'sticky', top: 0, zIndex: 1, background: 'var(--mantine-color-body)' }}>
          <Table.Tr aria-rowindex={1}>
            {props.columns.map((column) => (
              <Table.Th key={column.header} ta={column.align}>
                {headerOf(column.header)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.length === 0 && props.emptyText && (
            <Table.Tr>
              <Table.Td colSpan={props.columns.length}>{props.emptyText}</Table.Td>
            </Table.Tr>
          )}
          {before > 0 && <tr aria-hidden style={{ height: before }} />}
          {items.map((item) => {
            const row = props.rows[item.index] as T;
            return (
              <tr
                key={props.rowKey(row)}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className={Table.classes.tr}
                data-striped={item.index % 2 === 0 ? 'odd' : undefined}
                data-with-row-border
              >
                <Cells cells={props.cells(row)} columns={props.columns} />
              </tr>
            );
          })}
          {after > 0 && <tr aria-hidden style={{ height: after }} />}
        </Table.Tbody>
        {props.footer && (
          <Table.Tfoot
            style={{
              position: 'sticky',
              bottom: 0,
              background: 'var(--mantine-color-body)',
              borderTop: '2px solid var(--mantine-color-default-border)',
              fontWeight: 700,
            }}
          >
            {props.footer.map((cells, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the totals rows keep their order
              <tr key={index} aria-rowindex={props.rows.length + 2 + index} className={Table.classes.tr}>
                <Cells cells={cells} columns={props.columns} />
              </tr>
            ))}
          </Table.Tfoot>
        )}
      </Table>
    </section>
  );
}
