import { registerSW } from 'virtual:pwa-register';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Registers the service worker that lets the app start with no network. A new version is never
 * swapped in under a half-filled form: it waits until the user presses "Reload to update".
 */
export function AppUpdate() {
  const [update, setUpdate] = useState<(() => Promise<void>) | null>(null);
  const { t } = useTranslation();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const updateSW = registerSW({
      onNeedRefresh: () => setUpdate(() => () => updateSW(true)),
    });
  }, []);
  if (!update) return null;
  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      pos="fixed"
      bottom={16}
      left={16}
      right={16}
      maw={480}
      mx="auto"
      style={{ zIndex: 400 }}
      role="alert"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{t('common.newVersion')}</Text>
        <Button size="compact-sm" onClick={() => void update()}>
          {t('common.reloadToUpdate')}
        </Button>
      </Group>
    </Paper>
  );
}
