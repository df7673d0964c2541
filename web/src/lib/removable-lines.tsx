import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/** The lines of a draft being made, each with a button that takes it off. */
export function RemovableLines<L>({
  lines,
  label,
  keyOf,
  textOf,
  removeLabelOf,
  onRemove,
}: {
  lines: readonly L[];
  label: string;
  keyOf: (line: L) => string;
  textOf: (line: L) => string;
  removeLabelOf: (line: L) => string;
  onRemove: (line: L) => void;
}) {
  return (
    <Stack gap={4} role="list" aria-label={label}>
      {lines.map((line) => (
        <Group key={keyOf(line)} role="listitem" justify="space-between" wrap="nowrap">
          <Text size="sm">{textOf(line)}</Text>
          <ActionIcon variant="subtle" color="red" aria-label={removeLabelOf(line)} onClick={() => onRemove(line)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
