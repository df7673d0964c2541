import { Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDownload, messageOf, searchOf } from './api';
import { ErrorAlert } from './error-alert';

/**
 * A list screen's export: the server streams every row its filters match as CSV (`<list>/csv`),
 * whichever page the screen is on; or another file it makes (a PDF), named by `label`.
 */
export function DownloadCsvButton({
  path,
  filters = {},
  fileName,
  label,
}: {
  path: string;
  filters?: Record<string, string | number | undefined>;
  fileName: string;
  label?: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  const search = searchOf(filters);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiDownload(search ? `${path}?${search}` : path, fileName);
    } catch (failure) {
      setError(messageOf(failure, t('lists.downloadFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} loading={busy} onClick={() => void download()}>
        {label ?? t('lists.downloadCsv')}
      </Button>
      <ErrorAlert text={error} />
    </Stack>
  );
}
