import { ActionIcon } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The button of a material's row that opens its reorder point. */
export function ReorderButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="subtle" aria-label={t('lists.reorderOf', { name })} onClick={onClick}>
      <IconBellRinging size={18} />
    </ActionIcon>
  );
}
