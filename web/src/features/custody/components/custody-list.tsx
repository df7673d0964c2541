import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Custody } from '@stockyard/contract';
import { Link } from 'react-router';
import { dayAndTime, ddmmyyyy } from '../../../lib/format';
import { ListRow } from '../../../lib/list-row';

/** What came back of a record, and how. */
function returnedText(record: Custody): string {
  const parts = [
    record.returnedGood ? `${record.returnedGood} back in good order` : '',
    record.returnedDamaged ? `${record.returnedDamaged} damaged` : '',
    record.lost ? `${record.lost} lost` : '',
  ].filter(Boolean);
  return parts.join(', ');
}

/**
 * Custody records as a phone reads them: tool and quantity, who holds it (a link to the worker),
 * when it is due, days late in red, what came back, and a check-in button where the caller may.
 */
export function CustodyList(props: {
  records: Custody[];
  showStore?: boolean;
  showWorker?: boolean;
  emptyText: string;
  onCheckIn?: (record: Custody) => void;
  onChangeDue?: (record: Custody) => void;
}) {
  if (props.records.length === 0) return <Text size="sm">{props.emptyText}</Text>;
  return (
    <Stack gap={0} role="list" aria-label="Custody records">
      {props.records.map((record) => (
        <ListRow key={record._id} label={`${record.outstanding || record.quantity} × ${record.tool.name} with ${record.worker.name}`}>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {record.status === 'open' ? `${record.outstanding} of ${record.quantity}` : record.quantity} × {record.tool.name}
            </Text>
            {props.showWorker !== false && (
              <Text size="sm">
                <Anchor component={Link} to={`/dashboard/workers/${record.worker._id}`}>
                  {record.worker.name}
                </Anchor>
                {record.worker.trade && ` · ${record.worker.trade}`}
              </Text>
            )}
            <Group gap={6}>
              {record.status === 'open' ? (
                <Text size="xs" c={record.isOverdue ? 'red.8' : 'dimmed'} fw={record.isOverdue ? 700 : undefined}>
                  Due {dayAndTime(record.dueAt)}
                  {record.isOverdue &&
                    ` · ${record.daysOverdue === 0 ? 'overdue' : `${record.daysOverdue} ${record.daysOverdue === 1 ? 'day' : 'days'} late`}`}
                </Text>
              ) : (
                <Badge size="xs" variant="light" color="gray">
                  Back {record.closedAt ? ddmmyyyy(record.closedAt) : ''}
                </Badge>
              )}
              {props.showStore && (
                <Text size="xs" c="dimmed">
                  {record.store.name}
                </Text>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              Issued {dayAndTime(record.issuedAt)} by {record.issuedBy?.name ?? 'N/A'}
            </Text>
            {returnedText(record) && <Text size="xs">{returnedText(record)}</Text>}
          </Stack>
          {props.onCheckIn && record.status === 'open' && (
            <Stack gap={4} align="flex-end">
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => props.onCheckIn?.(record)}
                aria-label={`Check in ${record.tool.name} from ${record.worker.name}`}
              >
                Check in
              </Button>
              {props.onChangeDue && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => props.onChangeDue?.(record)}
                  aria-label={`Change when ${record.tool.name} is due from ${record.worker.name}`}
                >
                  Due date
                </Button>
              )}
            </Stack>
          )}
        </ListRow>
      ))}
    </Stack>
  );
}
