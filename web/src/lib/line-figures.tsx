import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useShowMore } from './show-more';

/** One figure of a line: its heading, its number, and whether it stands out (bold) or warns (red). */
export type Figure<L> = { label: string; value: (line: L) => number; isStrong?: (line: L) => boolean; isWarning?: (line: L) => boolean };

/** Each line with its figures side by side under their headings: readable on a phone without scrolling sideways. */
export function LineFigures<L extends { _id: string; name: string }>({
  lines,
  label,
  detailOf,
  figures,
}: {
  lines: readonly L[];
  label: string;
  detailOf: (line: L) => string;
  figures: readonly Figure<L>[];
}) {
  const { shown, more } = useShowMore(lines);
  return (
    <Stack gap={0} role="list" aria-label={label}>
      {shown.map((line) => (
        <Stack
          key={line._id}
          gap={4}
          py="xs"
          role="listitem"
          aria-label={line.name}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text size="sm" fw={600}>
            {line.name}{' '}
            <Text span size="xs" c="dimmed">
              {detailOf(line)}
            </Text>
          </Text>
          <SimpleGrid cols={figures.length} spacing={4}>
            {figures.map((figure) => (
              <Stack key={figure.label} gap={0} align="flex-end">
                <Text size="xs" c="dimmed" ta="right">
                  {figure.label}
                </Text>
                <Text size="sm" fw={figure.isStrong?.(line) ? 700 : undefined} c={figure.isWarning?.(line) ? 'red.8' : undefined}>
                  {figure.value(line)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      {more}
    </Stack>
  );
}
