import { Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { decimalsOfItem, QuantityInput } from './inputs';
import { minusQuantity, plusQuantity } from './quantities';
import { useShowMore } from './show-more';

/** What a keeper typed for a line: arrived whole, and arrived damaged ('' while empty). */
export type ArrivalCount = { received: number | string; damaged: number | string };
export const NO_ARRIVAL: ArrivalCount = { received: '', damaged: '' };
export const countOf = (value: number | string) => (value === '' ? 0 : Number(value));

/**
 * The lines of goods arriving at the gate: each starts empty, so nothing is recorded by one tap;
 * "All arrived" fills in what is still due, in good order; what is typed as damaged then comes out
 * of what arrived whole. Long lists draw a few lines at a time.
 */
export function ArrivalLines<L extends { _id: string; name: string }>(props: {
  lines: readonly L[];
  /** What is still due of a line. */
  dueOf: (line: L) => number;
  /** "40 bag to come", "40 bag in transit". */
  dueText: (line: L) => string;
  groupLabel: (line: L) => string;
  /** The most a line's fields take, when they have a most. */
  maxOf?: (line: L) => number;
  counts: Record<string, ArrivalCount>;
  onChange: (lineId: string, change: Partial<ArrivalCount>) => void;
}) {
  const { t } = useTranslation();
  const { shown, more } = useShowMore(props.lines);
  return (
    <Stack gap="sm">
      {shown.map((line) => {
        const due = props.dueOf(line);
        const count = props.counts[line._id] ?? NO_ARRIVAL;
        const allArrived = plusQuantity(countOf(count.received), countOf(count.damaged)) === due;
        const max = props.maxOf?.(line);
        return (
          <Stack key={line._id} gap={4} role="group" aria-label={props.groupLabel(line)}>
            <Text size="sm" fw={600}>
              {line.name}{' '}
              <Text span size="xs" c="dimmed">
                {props.dueText(line)}
              </Text>
            </Text>
            <Checkbox
              label={t('purchases.allArrived')}
              checked={allArrived}
              onChange={(event) =>
                props.onChange(
                  line._id,
                  event.currentTarget.checked ? { received: minusQuantity(due, countOf(count.damaged)) } : { received: '' },
                )
              }
            />
            <SimpleGrid cols={2} spacing="xs">
              <QuantityInput
                decimals={decimalsOfItem(line)}
                label={t('purchases.received')}
                max={max}
                value={count.received}
                onChange={(value) => props.onChange(line._id, { received: value })}
              />
              <QuantityInput
                decimals={decimalsOfItem(line)}
                label={t('checkIn.damaged')}
                max={max}
                value={count.damaged}
                // With all arrived, what is damaged comes out of what arrived whole.
                onChange={(value) =>
                  props.onChange(
                    line._id,
                    allArrived ? { damaged: value, received: Math.max(0, minusQuantity(due, countOf(value))) } : { damaged: value },
                  )
                }
              />
            </SimpleGrid>
          </Stack>
        );
      })}
      {more}
    </Stack>
  );
}
