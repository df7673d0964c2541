import { ActionIcon } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The camera's dialog and its QR reader come when a keeper first taps the button, not with the form.
const ScanDialog = lazy(async () => ({ default: (await import('./scan-dialog')).ScanDialog }));

/** A camera button beside an item picker: scanning a label picks its item. */
export function ScanButton({ label, onCode }: { label: string; onCode: (code: string) => void }) {
  const [isOpen, setOpen] = useState(false);
  const { t } = useTranslation();
  return (
    <>
      <ActionIcon size={36} variant="light" aria-label={t('movement.scan', { item: label.toLowerCase() })} onClick={() => setOpen(true)}>
        <IconScan size={20} />
      </ActionIcon>
      {isOpen && (
        <Suspense fallback={null}>
          <ScanDialog
            label={label}
            onClose={() => setOpen(false)}
            onCode={(code) => {
              setOpen(false);
              onCode(code);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
