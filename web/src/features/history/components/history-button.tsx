import { ActionIcon } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';

/** The button of a list row that opens the item's movement history. */
export function HistoryButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" aria-label={`History of ${name}`} onClick={onClick}>
      <IconHistory size={18} />
    </ActionIcon>
  );
}
