import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { type CountLine, decimalsOf, quantityDecimals } from '@stockyard/contract';
import { IconCamera, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { decimalsOfItem, QuantityInput } from '../../../lib/inputs';
import { AttachmentThumbs, CameraDialog, uploadFileOf } from '../../files';
import { useEnterCount } from '../api/counts';
import { CountBatchesDialog } from './count-batches-dialog';

/**
 * One item on a phone: its name, what the books expect (only where the counter may see it) and the
 * counted quantity, saved when the field is left or Enter is pressed.
 */
export function CountLineRow({ countId, line, isBlind }: { countId: string; line: CountLine; isBlind: boolean }) {
  const enter = useEnterCount(countId);
  const [value, setValue] = useState<string | number>(line.counted ?? '');
  const [error, setError] = useState<string | null>(null);
  const [isCameraOpen, setCameraOpen] = useState(false);
  const [isCountingBatches, setCountingBatches] = useState(false);
  const { t } = useTranslation();

  async function save() {
    const counted = typeof value === 'number' ? value : value.trim() === '' ? null : Number(value);
    if (counted === null || counted === line.counted) return;
    if (counted < 0) {
      setError(t('counts.wholeNumber'));
      return;
    }
    if (decimalsOf(counted) > decimalsOfItem(line)) {
      setError(localMessage(quantityDecimals(line.name, decimalsOfItem(line))));
      return;
    }
    try {
      setError(null);
      await enter.mutateAsync({ itemId: line.itemId, counted });
    } catch (caught) {
      setError(messageOf(caught, t('counts.saveFailed')));
    }
  }

  /** A photo of the shelf as found, added to the line as counted. */
  async function addPhoto(photo: Blob) {
    setCameraOpen(false);
    if (line.counted === null) return;
    try {
      setError(null);
      const fileId = await uploadFileOf(photo, 'photo.jpg');
      await enter.mutateAsync({ itemId: line.itemId, counted: line.counted, attachments: [fileId] });
    } catch (caught) {
      setError(messageOf(caught, t('counts.saveFailed')));
    }
  }

  const label = line.unit ? `${line.name} (${line.unit})` : line.name;
  return (
    <Group wrap="nowrap" justify="space-between" gap="xs" py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={500} truncate>
          {label}
        </Text>
        {!isBlind && line.expected !== null && (
          <Text size="xs" c="dimmed">
            {t('counts.books', { expected: line.expected })}
          </Text>
        )}
        {error && (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        )}
        <AttachmentThumbs attachments={line.attachments} />
      </div>
      <Group gap={4} wrap="nowrap">
        {line.counted !== null && !enter.isPending && value === line.counted && (
          <IconCheck size={16} color="var(--mantine-color-green-7)" aria-label={t('counts.saved')} />
        )}
        {line.counted !== null && (
          <ActionIcon variant="subtle" size="lg" aria-label={t('counts.photoOf', { name: line.name })} onClick={() => setCameraOpen(true)}>
            <IconCamera size={18} />
          </ActionIcon>
        )}
        {line.tracksExpiry ? (
          // Kept by batch: counted batch by batch, the line's quantity their sum.
          <Button variant="light" w={96} aria-label={t('counts.countedName', { name: line.name })} onClick={() => setCountingBatches(true)}>
            {line.counted ?? t('counts.byBatch')}
          </Button>
        ) : (
          <QuantityInput
            decimals={decimalsOfItem(line)}
            w={96}
            aria-label={t('counts.countedName', { name: line.name })}
            value={value}
            onChange={setValue}
            onBlur={() => void save()}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void save();
            }}
          />
        )}
      </Group>
      <CountBatchesDialog countId={countId} line={isCountingBatches ? line : null} onClose={() => setCountingBatches(false)} />
      <CameraDialog opened={isCameraOpen} onClose={() => setCameraOpen(false)} onTaken={(photo) => void addPhoto(photo)} />
    </Group>
  );
}
