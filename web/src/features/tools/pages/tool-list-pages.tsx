import { Anchor, Group } from '@mantine/core';
import type { Tool } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import type { Column } from '../../../lib/data-table';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { isoDate, numberOrZero, textOrNA } from '../../../lib/format';
import { PagedTable } from '../../../lib/paged-table';
import { useSearchPaging } from '../../../lib/paging';
import { SearchBox, SearchInput } from '../../../lib/search-box';
import { HistoryButton, HistoryDialog } from '../../history';
import { LabelSheetButton } from '../../labels';
import { KeptAt, useListOrKept } from '../../offline';
import { useToolPage, useToolSuggestions } from '../api/tools';

type Variant = 'admin' | 'keeper' | 'store-user';

/** View Tools for the admin (with Store and Date), the keeper, and the store user's read-only Tool List. */
export function ToolListPage({ variant }: { variant: Variant }) {
  const { search, setSearch, debounced, page, setPage } = useSearchPaging();
  // The keeper's own tools are kept on the phone, for use with no signal.
  const { list: tools, keptAt } = useListOrKept(useToolPage(debounced, page), variant === 'keeper' ? 'tools' : undefined, debounced, page);
  const suggestions = useToolSuggestions(variant === 'store-user' ? '' : debounced);
  const [history, setHistory] = useState<Tool | null>(null);
  const { t } = useTranslation();

  const columns: Column<Tool>[] = [
    ...(variant === 'admin' ? [{ header: 'Store', render: (tool: Tool) => textOrNA(tool.storeId.name) }] : []),
    {
      header: 'Name',
      // A serial tool's name opens its units.
      render: (tool) =>
        tool.tracking === 'serial' ? (
          <Anchor component={Link} to={`/dashboard/tools/${tool._id}/units`}>
            {tool.name}
          </Anchor>
        ) : (
          textOrNA(tool.name)
        ),
    },
    { header: 'Quantity', render: (tool) => numberOrZero(tool.totalQuantity), align: 'right' },
    { header: 'Available Quantity', render: (tool) => numberOrZero(tool.availableQuantity), align: 'right' },
    { header: 'Issued', render: (tool) => numberOrZero(tool.consumedQuantity), align: 'right' },
    { header: 'Damaged', render: (tool) => numberOrZero(tool.damagedQuantity), align: 'right' },
    { header: 'Return', render: (tool) => numberOrZero(tool.refundQuantity), align: 'right' },
    { header: 'Lost', render: (tool) => numberOrZero(tool.lostQuantity), align: 'right' },
    ...(variant !== 'keeper' ? [{ header: 'Date', render: (tool: Tool) => isoDate(tool.createdAt) }] : []),
    ...(variant !== 'store-user'
      ? [{ header: 'History', render: (tool: Tool) => <HistoryButton name={tool.name} onClick={() => setHistory(tool)} /> }]
      : []),
  ];

  return (
    <PageCard title={variant === 'store-user' ? t('lists.toolList') : t('lists.viewTools')}>
      {variant === 'store-user' ? (
        <SearchInput value={search} onChange={setSearch} placeholder={t('lists.searchByName')} />
      ) : (
        <SearchBox
          value={search}
          onChange={setSearch}
          suggestions={suggestions.data ?? []}
          placeholder={t('lists.searchTools')}
          maxListHeight={variant === 'admin' ? 200 : 150}
        />
      )}
      {variant !== 'store-user' && (
        <Group justify={keptAt ? 'space-between' : 'flex-end'} mb="sm">
          {keptAt && <KeptAt syncedAt={keptAt} />}
          <LabelSheetButton itemKind="tool" rows={tools.data?.rows ?? []} />
        </Group>
      )}
      <PagedTable<Tool>
        cardsOnPhone
        list={tools}
        errorText={(error) => messageOf(error, t('lists.toolsFailed'))}
        page={page}
        onPageChange={setPage}
        caption={t('lists.tools')}
        minWidth={variant === 'admin' ? 900 : 700}
        columns={columns}
        rowKey={(tool) => tool._id}
        emptyText={t('lists.noTools')}
      />
      <DownloadCsvButton path="/api/tools/csv" filters={{ q: debounced }} fileName="tools.csv" />
      <HistoryDialog item={history} onClose={() => setHistory(null)} />
    </PageCard>
  );
}

const QUANTITY_OF = {
  damage: { filter: 'damaged', of: (tool: Tool) => tool.damagedQuantity },
  return: { filter: 'returned', of: (tool: Tool) => tool.refundQuantity },
  issue: { filter: 'issued', of: (tool: Tool) => tool.consumedQuantity },
} as const;

/** The admin's damaged, returned and issued tool tables: tools with any of that quantity, searched on name, store or quantity. */
export function ToolQuantityPage({ kind }: { kind: keyof typeof QUANTITY_OF }) {
  const { search, setSearch, debounced, page, setPage } = useSearchPaging();
  const { filter, of } = QUANTITY_OF[kind];
  const tools = useToolPage(debounced, page, filter);
  const { t } = useTranslation();
  const title = t(`lists.${kind}Tools`);
  return (
    <PageCard title={title}>
      <SearchInput value={search} onChange={setSearch} placeholder={t('lists.searchNameStoreQuantity')} />
      <PagedTable<Tool>
        list={tools}
        errorText={(error) => messageOf(error, t('lists.toolsFailed'))}
        page={page}
        onPageChange={setPage}
        caption={title}
        minWidth={420}
        rowKey={(tool) => tool._id}
        emptyText={t('lists.noTools')}
        columns={[
          { header: 'Store', render: (tool) => textOrNA(tool.storeId.name) },
          { header: 'Name', render: (tool) => textOrNA(tool.name) },
          { header: 'Quantity', render: (tool) => of(tool), align: 'right' },
        ]}
      />
    </PageCard>
  );
}
