import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Custody } from '@stockyard/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { i18n } from '../../../i18n/i18n';
import { apiDownload } from '../../../lib/api';
import { dayAndTime, ddmmyyyy } from '../../../lib/format';
import { ListRow } from '../../../lib/list-row';
import { AttachmentThumbs } from '../../files';

/** What came back of a record, and how. */
function returnedText(record: Custody): string {
  const parts = [
    record.returnedGood ? i18n.t('custody.backGood', { count: record.returnedGood }) : '',
    record.returnedDamaged ? i18n.t('custody.backDamaged', { count: record.returnedDamaged }) : '',
    record.lost ? i18n.t('custody.lost', { count: record.lost }) : '',
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
  const { t } = useTranslation();
  if (props.records.length === 0) return props.emptyText ? <Text size="sm">{props.emptyText}</Text> : null;
  return (
    <Stack gap={0} role="list" aria-label={t('custody.records')}>
      {props.records.map((record) => (
        <ListRow
          key={record._id}
          label={t('custody.rowLabel', {
            count: record.outstanding || record.quantity,
            tool: record.tool.name,
            worker: record.worker.name,
          })}
        >
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {record.status === 'open'
                ? t('custody.outOf', { outstanding: record.outstanding, quantity: record.quantity })
                : record.quantity}{' '}
              × {record.tool.name}
            </Text>
            {record.units.length > 0 && (
              <Text size="xs">
                {record.units.map((unit, index) => (
                  <span key={unit._id}>
                    {index > 0 && ', '}
                    <Anchor component={Link} to={`/dashboard/tool-units/${unit._id}`}>
                      {unit.serial}
                    </Anchor>
                  </span>
                ))}
              </Text>
            )}
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
                  {t('custody.due', { when: dayAndTime(record.dueAt) })}
                  {record.isOverdue && ` · ${t('custody.late', { days: record.daysOverdue })}`}
                </Text>
              ) : (
                <Badge size="xs" variant="light" color="gray">
                  {t('custody.back', { day: record.closedAt ? ddmmyyyy(record.closedAt) : '' })}
                </Badge>
              )}
              {record.status === 'open' && record.serviceDue && (
                <Badge size="xs" color="orange">
                  {t('custody.serviceDue')}
                </Badge>
              )}
              {props.showStore && (
                <Text size="xs" c="dimmed">
                  {record.store.name}
                </Text>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t('custody.issued', { when: dayAndTime(record.issuedAt), by: record.issuedBy?.name ?? 'N/A' })}
            </Text>
            {returnedText(record) && <Text size="xs">{returnedText(record)}</Text>}
            {record.signatures.length > 0 && (
              <AttachmentThumbs
                attachments={record.signatures.map((signature) => ({ _id: signature.fileId, type: 'image/png' }))}
                labelOf={(index) => {
                  const signature = record.signatures[index];
                  return t('custody.signatureAt', {
                    worker: signature?.workerName ?? '',
                    event: t(`custody.signatureEvents.${signature?.event ?? 'handover'}`),
                    when: signature ? dayAndTime(signature.signedAt) : '',
                  });
                }}
              />
            )}
            {/* A copy kept on the phone before photos were listed has none. */}
            <AttachmentThumbs attachments={record.photos ?? []} />
            <Anchor
              component="button"
              type="button"
              size="xs"
              ta="left"
              onClick={() => void apiDownload(`/api/custody/${record._id}/pdf`, 'custody.pdf')}
              aria-label={t('custody.pdfOf', { tool: record.tool.name, worker: record.worker.name })}
            >
              {t('custody.pdf')}
            </Anchor>
          </Stack>
          {props.onCheckIn && record.status === 'open' && (
            <Stack gap={4} align="flex-end">
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => props.onCheckIn?.(record)}
                aria-label={t('custody.checkInOf', { tool: record.tool.name, worker: record.worker.name })}
              >
                {t('custody.checkIn')}
              </Button>
              {props.onChangeDue && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => props.onChangeDue?.(record)}
                  aria-label={t('custody.changeDueOf', { tool: record.tool.name, worker: record.worker.name })}
                >
                  {t('custody.dueDate')}
                </Button>
              )}
            </Stack>
          )}
        </ListRow>
      ))}
    </Stack>
  );
}
