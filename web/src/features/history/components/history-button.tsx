import { ActionIcon } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The button of a list row that opens the item's movement history. */
export function HistoryButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="subtle" aria-label={t('lists.historyOf', { name })} onClick={onClick}>
      <IconHistory size={18} />
    </ActionIcon>
  );
}
