import { Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Product, Tool } from '@stockyard/contract';
import { LABEL_NOT_FOUND } from '@stockyard/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translatedMessage } from '../../../i18n/messages';
import { keptTime } from '../../../lib/format';
import type { PageQueryOptions } from '../../../lib/paging';
import { ScanButton } from '../../labels';
import { type OfflineListName, offlineList } from '../snapshot';
import { searchKept, useKeptList } from '../use-kept-list';

type Item = { _id: string; name: string; code?: string };
/** What a label's code looks like, typed or scanned: M- or T- and hex digits. */
const LABEL_CODE = /^[MT]-[0-9A-F]+$/i;
/** As many as a page of the server's search. */
const PICKER_ROWS = 50;

/**
 * Picks one material or tool, searching on the server as the keeper types, so a store with
 * thousands of items loads fifty at a time. With no signal (or no answer) it searches the list kept
 * on the phone instead, and says how old it is.
 */
export function ItemPicker<T extends Item, R extends T = T>(props: {
  label: string;
  /** The first page of items matching a search (the feature's picker query). */
  query: (search: string) => PageQueryOptions<R>;
  value: T | null;
  onChange: (item: T | null) => void;
  /** Called with the picked item's newer numbers when the server's list is fetched again: the same pick, not a new one. */
  onRefresh?: (item: T) => void;
  describe?: (item: T) => string;
  /** The list kept on the phone to pick from offline. */
  offlineList?: OfflineListName;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const items = useQuery(props.query(debounced));
  const { isOffline, isReadingKept, kept } = useKeptList<R & (Product | Tool)>(props.offlineList, items);
  const rows: R[] = kept ? searchKept(kept.rows, debounced).slice(0, PICKER_ROWS) : (items.data?.rows ?? []);
  const queryClient = useQueryClient();
  const [scanProblem, setScanProblem] = useState<string | null>(null);
  const { onChange, offlineList: listName } = props;
  // A handheld scanner types the code into the box: its one match is picked at once.
  const typedCode = LABEL_CODE.test(debounced.trim()) ? debounced.trim().toUpperCase() : null;
  const typedMatch = typedCode ? rows.find((row) => row.code === typedCode) : undefined;
  const pick = useRef(onChange);
  pick.current = onChange;
  const describe = useRef((item: T) => (props.describe ? props.describe(item) : item.name));
  describe.current = (item: T) => (props.describe ? props.describe(item) : item.name);
  useEffect(() => {
    if (typedMatch) {
      pick.current(typedMatch);
      setSearch(describe.current(typedMatch));
    }
  }, [typedMatch]);

  /** The item a scanned code names: the server's numbers when it answers, else the phone's kept list. */
  async function pickByCode(scanned: string) {
    const code = scanned.toUpperCase();
    setScanProblem(null);
    let found: R | undefined;
    if (navigator.onLine) {
      const page = await queryClient.fetchQuery(props.query(code)).catch(() => null);
      found = page?.rows.find((row) => row.code === code);
    }
    if (!found && listName) found = (await offlineList<R & (Product | Tool)>(listName))?.rows.find((row) => row.code === code);
    if (found) onChange(found);
    else setScanProblem(translatedMessage(LABEL_NOT_FOUND, 'LABEL_NOT_FOUND'));
  }
  // A pick made from a list fetched before the last movement shows that movement once the list is fetched again.
  const refresh = useRef(props.onRefresh);
  refresh.current = props.onRefresh;
  const pickedId = props.value?._id;
  useEffect(() => {
    const fresh = pickedId && !isOffline ? items.data?.rows.find((row) => row._id === pickedId) : undefined;
    if (fresh) refresh.current?.(fresh);
  }, [items.data, pickedId, isOffline]);
  const { t } = useTranslation();
  const options = props.value && !rows.some((row) => row._id === props.value?._id) ? [props.value, ...rows] : rows;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        style={{ flex: 1 }}
        label={props.label}
        placeholder={t('movement.typeToSearch')}
        searchable
        required
        clearable
        description={kept ? t('outbox.keptAt', { time: keptTime(kept.syncedAt) }) : undefined}
        error={scanProblem}
        nothingFoundMessage={(items.isPending && !isOffline) || isReadingKept ? t('common.loading') : t('movement.nothingFound')}
        data={options.map((item) => ({ value: item._id, label: props.describe ? props.describe(item) : item.name }))}
        value={props.value?._id ?? null}
        onChange={(id) => props.onChange(options.find((item) => item._id === id) ?? null)}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
      />
      {listName && <ScanButton label={props.label} onCode={(code) => void pickByCode(code)} />}
    </Group>
  );
}
