import { ActionIcon } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';

/** The button of a material's row that opens its reorder point. */
export function ReorderButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" aria-label={`Reorder point of ${name}`} onClick={onClick}>
      <IconBellRinging size={18} />
    </ActionIcon>
  );
}
