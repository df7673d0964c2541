import { Card, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { Count, CountLine } from '@stockyard/contract';
import { useTranslation } from 'react-i18next';
import { useHeaderText } from '../../../lib/data-table';
import { signed } from './signed';

/**
 * A submitted or closed count read on a phone: one card per line with every figure the wide table
 * has (expected, counted, difference, moved since) and, while it may be posted, the reason field of
 * each line that differs.
 */
export function CountReviewCards(props: { count: Count; reasons: Record<string, string>; onReason: (id: string, text: string) => void }) {
  const { t } = useTranslation();
  const headerOf = useHeaderText();
  const isOpen = props.count.status === 'submitted';
  return (
    <Stack gap="xs" role="list" aria-label={t('counts.review')}>
      {props.count.lines.map((line) => {
        const figures: [string, string | number][] = [
          ['Expected', line.expected ?? ''],
          ['Counted', line.counted ?? t('counts.notCounted')],
          ['Difference', signed(line.difference)],
          ['Moved since', line.movementsSince ? `${signed(line.movedSince)} (${line.movementsSince})` : ''],
        ];
        return (
          <Card key={line.itemId} withBorder padding="sm" role="listitem" aria-label={line.name}>
            <Text fw={600} size="sm">
              {line.unit ? `${line.name} (${line.unit})` : line.name}
            </Text>
            <SimpleGrid cols={4} spacing={4} mt={4}>
              {figures.map(([header, value]) => (
                <div key={header}>
                  <Text size="xs" c="dimmed">
                    {headerOf(header)}
                  </Text>
                  <Text
                    size="sm"
                    c={header === 'Difference' && line.difference ? 'red.8' : undefined}
                    data-testid={`${header}-${line.itemId}`}
                  >
                    {value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <Reason
              line={line}
              isOpen={isOpen}
              value={props.reasons[line.itemId] ?? ''}
              onChange={(text) => props.onReason(line.itemId, text)}
            />
          </Card>
        );
      })}
    </Stack>
  );
}

function Reason(props: { line: CountLine; isOpen: boolean; value: string; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  if (props.isOpen && props.line.difference) {
    return (
      <TextInput
        mt={6}
        size="sm"
        label={t('columns.Reason', { defaultValue: 'Reason' })}
        aria-label={t('counts.reasonFor', { name: props.line.name })}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
    );
  }
  return props.line.reason ? (
    <Text size="xs" mt={4}>
      {props.line.reason}
    </Text>
  ) : null;
}
