import { Alert, Badge, Button, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Movement } from '@stockyard/contract';
import { MOVEMENT_EFFECTS } from '@stockyard/contract/movements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { messageOf } from '../../../lib/api';
import { DataTable } from '../../../lib/data-table';
import { dayText } from '../../../lib/day-text';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { dayAndTime, localNumber } from '../../../lib/format';
import { ListRow } from '../../../lib/list-row';
import { signedInUser } from '../../../lib/session';
import { AttachmentThumbs } from '../../files';
import { useItemHistory } from '../api/movements';
import { AddPhotosDialog, mayAddPhotos } from './add-photos-dialog';
import { ReverseDialog } from './reverse-dialog';

/** A movement's effect on what is available, signed. */
function signedQuantity(movement: Movement): string {
  const effect = MOVEMENT_EFFECTS[movement.kind].available_quantity;
  // A tool back damaged or lost moves nothing that is available: its quantity is shown as it is.
  if (effect === undefined) return String(movement.quantity);
  const quantity = movement.quantity * effect;
  return quantity > 0 ? `+${quantity}` : String(quantity);
}

/** Later than this after it happened, a movement says when it reached the server too (one sent from a phone with no signal). */
const RECORDED_LATE_MS = 5 * 60_000;

/** When a movement happened, and when it was recorded if that was later. */
function whenOf(movement: Movement): string {
  const isLate = Date.parse(movement.recordedAt) - Date.parse(movement.occurredAt) > RECORDED_LATE_MS;
  return isLate
    ? i18n.t('history.recordedLate', { when: dayAndTime(movement.occurredAt), recorded: dayAndTime(movement.recordedAt) })
    : dayAndTime(movement.occurredAt);
}

/** What a movement was, a reversal saying so. */
function whatOf(movement: Movement): string {
  const label = i18n.t(`kinds.${movement.kind}`);
  return movement.reverses ? i18n.t('history.reversalOf', { kind: label.toLowerCase() }) : label;
}

/** A line entered in another unit, as entered and in the stock unit ("2 pallet = 80 bag"). */
function enteredText(movement: Movement, stockUnit: string): string {
  if (!movement.entered) return '';
  return i18n.t('movement.enteredAs', {
    quantity: localNumber(movement.entered.quantity),
    unit: movement.entered.unit,
    stockQuantity: localNumber(movement.quantity),
    stock: stockUnit,
  });
}

/** The batch a line of a material kept by batch moved, and its expiry. */
function batchText(movement: Movement): string {
  if (!movement.batch) return '';
  const { name, expiresOn } = movement.batch;
  return expiresOn ? i18n.t('history.batchExpires', { batch: name, day: dayText(expiresOn) }) : i18n.t('history.batch', { batch: name });
}

/** The note of a movement; a reversed one says who reversed it, when and why; one entered in another unit says so. */
function NoteCell({ movement, stockUnit }: { movement: Movement; stockUnit: string }) {
  const note = movement.reason ?? movement.supplier ?? '';
  const worker = movement.worker ? i18n.t('history.worker', { name: movement.worker.name }) : '';
  const entered = enteredText(movement, stockUnit);
  const batch = batchText(movement);
  if (!movement.reversedBy && !worker && !entered && !batch && movement.attachments.length === 0) return <>{note}</>;
  const by = movement.reversedBy;
  return (
    <Stack gap={2}>
      {entered && <span>{entered}</span>}
      {batch && <span>{batch}</span>}
      {worker && <span>{worker}</span>}
      {note && <span>{note}</span>}
      {by && (
        <Text size="xs" c="red.8">
          {i18n.t('history.reversedBy', { when: dayAndTime(by.at), by: by.actor?.name ?? i18n.t('common.na'), reason: by.reason ?? '' })}
        </Text>
      )}
      <AttachmentThumbs attachments={movement.attachments} />
    </Stack>
  );
}

/** A cell's text, struck through when its movement was reversed. */
function struck(movement: Movement, text: string) {
  if (!movement.reversedBy) return text;
  return (
    <>
      <s>{text}</s>
      <VisuallyHidden> {i18n.t('history.reversed')}</VisuallyHidden>
    </>
  );
}

/** What a line's buttons do, and who is reading (read once for the whole list, not per line). */
type LineActions = { readerId: string | undefined; onReverse: (movement: Movement) => void; onAddPhotos: (movement: Movement) => void };

/** What the caller may still do to a line: reverse it, or add photos to a line they recorded within the day. */
function LineButtons({ movement, readerId, onReverse, onAddPhotos }: { movement: Movement } & LineActions) {
  const canAdd = mayAddPhotos(movement, readerId);
  if (!movement.canReverse && !canAdd) return null;
  return (
    <Stack gap={4} align="flex-end">
      {movement.canReverse && <ReverseButton movement={movement} onReverse={onReverse} />}
      {canAdd && (
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => onAddPhotos(movement)}
          aria-label={i18n.t('history.addPhotosTo', { what: whatOf(movement), when: dayAndTime(movement.occurredAt) })}
        >
          {i18n.t('history.addPhotos')}
        </Button>
      )}
    </Stack>
  );
}

/** On a phone: one block a movement, no sideways scrolling. */
function HistoryList({ movements, stockUnit, ...actions }: { movements: Movement[]; stockUnit: string } & LineActions) {
  if (movements.length === 0) return <Text size="sm">{i18n.t('history.none')}</Text>;
  return (
    <Stack gap={0} role="list" aria-label={i18n.t('history.title')}>
      {movements.map((m) => (
        <ListRow key={m._id}>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                {struck(m, signedQuantity(m))}
              </Text>
              <Text size="sm">
                {m.reverses ? (
                  <Badge variant="light" color="orange" size="sm">
                    {whatOf(m)}
                  </Badge>
                ) : (
                  struck(m, whatOf(m))
                )}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {whenOf(m)} · {m.actor?.name ?? i18n.t('common.na')}
            </Text>
            <Text size="xs" component="div">
              <NoteCell movement={m} stockUnit={stockUnit} />
            </Text>
          </Stack>
          <LineButtons movement={m} {...actions} />
        </ListRow>
      ))}
    </Stack>
  );
}

function ReverseButton({ movement, onReverse }: { movement: Movement; onReverse: (movement: Movement) => void }) {
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="red"
      onClick={() => onReverse(movement)}
      aria-label={i18n.t('history.reverseOf', { what: whatOf(movement), when: dayAndTime(movement.occurredAt) })}
    >
      {i18n.t('history.reverse')}
    </Button>
  );
}

/** Every movement of one material or tool, newest first: how each number on screen came about. */
export function HistoryDialog({ item, onClose }: { item: { _id: string; name: string; unit?: string } | null; onClose: () => void }) {
  const history = useItemHistory(item?._id);
  const stockUnit = item?.unit ?? '';
  const [reversing, setReversing] = useState<Movement | null>(null);
  const [adding, setAdding] = useState<Movement | null>(null);
  const readerId = signedInUser()?.userId;
  const [notice, setNotice] = useState<string | null>(null);
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={item !== null}
      onClose={() => {
        setNotice(null);
        onClose();
      }}
      title={t('lists.historyOf', { name: item?.name ?? '' })}
      size="xl"
      fullScreen={isPhone}
    >
      {history.isError && (
        <Alert color="red" role="alert">
          {messageOf(history.error, t('attention.fetchFailed'))}
        </Alert>
      )}
      {notice && (
        <Alert color="green" role="status" mb="xs">
          {notice}
        </Alert>
      )}
      {history.data && history.data.total > history.data.movements.length && (
        <Text size="sm" c="dimmed" mb="xs">
          {t('history.latest', { shown: history.data.movements.length, total: history.data.total })}
        </Text>
      )}
      {isPhone && history.data ? (
        <HistoryList
          movements={history.data.movements}
          stockUnit={stockUnit}
          readerId={readerId}
          onReverse={setReversing}
          onAddPhotos={setAdding}
        />
      ) : (
        <DataTable
          caption={t('history.title')}
          minWidth={640}
          isLoading={history.isPending}
          rows={history.data?.movements}
          rowKey={(movement) => movement._id}
          emptyText={t('history.none')}
          columns={[
            { header: 'When', render: (m) => struck(m, whenOf(m)) },
            {
              header: 'What',
              render: (m) =>
                m.reverses ? (
                  <Badge variant="light" color="orange" size="sm">
                    {whatOf(m)}
                  </Badge>
                ) : (
                  struck(m, whatOf(m))
                ),
            },
            { header: 'Quantity', render: (m) => struck(m, signedQuantity(m)), align: 'right' },
            { header: 'By', render: (m) => m.actor?.name ?? t('common.na') },
            { header: 'Note', render: (m) => <NoteCell movement={m} stockUnit={stockUnit} /> },
            {
              header: 'Action',
              render: (m) => <LineButtons movement={m} readerId={readerId} onReverse={setReversing} onAddPhotos={setAdding} />,
            },
          ]}
        />
      )}
      {item && <DownloadCsvButton path="/api/movements/csv" filters={{ itemId: item._id }} fileName="movements.csv" />}
      <ReverseDialog
        movement={reversing}
        onClose={(message) => {
          setReversing(null);
          if (message) setNotice(message);
        }}
      />
      <AddPhotosDialog
        movement={adding}
        onClose={(message) => {
          setAdding(null);
          if (message) setNotice(message);
        }}
      />
    </Modal>
  );
}
