import { Group, Pagination, Text } from '@mantine/core';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { localNumber } from './format';
import { PAGE_SIZE } from './paging';

export function Pager({ page, total: newTotal, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  // Moves with DataTable's deferred rows, so the pager never jumps ahead of the page it belongs to.
  const total = useDeferredValue(newTotal);
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (total <= PAGE_SIZE) return null;
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('common.rows', { count: total, total: localNumber(total) })}
      </Text>
      <Pagination
        value={page}
        onChange={onChange}
        total={pages}
        size="sm"
        siblings={1}
        getControlProps={(control) => ({ 'aria-label': t(`common.pager.${control}`) })}
        getItemProps={(item) => ({ 'aria-label': t('common.pager.page', { page: item }) })}
      />
    </Group>
  );
}
