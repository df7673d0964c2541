import { Button } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../../lib/lazy-dialog';
import type { Labelled } from './label-sheet-dialog';

const LabelSheetDialog = lazyDialog(
  async () => (await import('./label-sheet-dialog')).LabelSheetDialog,
  (props) => props.opened,
);

/**
 * "Print labels" for the items a list shows (narrow the list with its search first); the sheet downloads
 * as a PDF. Each opening starts afresh with every item of the list chosen.
 */
export function LabelSheetButton({ itemKind, rows }: { itemKind: 'material' | 'tool' | 'unit'; rows: Labelled[] }) {
  const [opening, setOpening] = useState(0);
  const [isOpen, setOpen] = useState(false);
  const { t } = useTranslation();
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconQrcode size={18} />}
        disabled={rows.length === 0}
        onClick={() => {
          setOpening((count) => count + 1);
          setOpen(true);
        }}
      >
        {t('labels.print')}
      </Button>
      <LabelSheetDialog key={opening} opened={isOpen} itemKind={itemKind} rows={rows} onClose={() => setOpen(false)} />
    </>
  );
}
