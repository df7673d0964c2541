import { Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import classes from './data-table.module.css';

export type Column<T> = { header: string; render: (row: T) => ReactNode; align?: 'right' };

/**
 * A column's header in the app's language: headers are the product's English texts, shared by many
 * screens, and each language's `columns` catalogue holds their translations; one it lacks shows as it is.
 */
export function useHeaderText(): (header: string) => string {
  const { t } = useTranslation();
  return (header) => t(`columns.${header}`, { defaultValue: header });
}

/**
 * A table that scrolls sideways inside its card on a phone (the page itself never does), with
 * The loading row and the empty row.
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
  /** Below 600 px, each row a card of "label: value" lines (the keeper's lists, read on a phone). */
  cardsOnPhone?: boolean;
};

export function DataTable<T>(props: DataTableProps<T>) {
  const span = props.columns.length;
  const headerOf = useHeaderText();
  // A page of rows is built in the background, in slices, so a slow phone stays responsive while it
  // renders; until then the loading row shows.
  const rows = useDeferredValue(props.rows);
  const isLoading = props.isLoading || rows !== props.rows;
  const isCards = useMediaQuery('(max-width: 599px)') === true && props.cardsOnPhone === true;
  return (
    <Table.ScrollContainer minWidth={isCards ? 0 : (props.minWidth ?? 600)}>
      <Table
        striped={!isCards}
        highlightOnHover={!isCards}
        verticalSpacing="xs"
        fz="sm"
        aria-label={props.caption}
        className={props.cardsOnPhone ? classes.cards : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {props.columns.map((column) => (
              <Table.Th key={column.header} ta={column.align} style={{ whiteSpace: 'nowrap' }}>
                {headerOf(column.header)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading && (
            <Table.Tr>
              <Table.Td colSpan={span}>{props.loadingText ?? i18n.t('common.loading')}</Table.Td>
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
                <td
                  key={column.header}
                  className={Table.classes.td}
                  style={column.align && !isCards ? { textAlign: column.align } : undefined}
                  data-label={headerOf(column.header)}
                >
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
