import { ActionIcon, Button, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Light or dark. Until a person chooses, the app follows the phone's or computer's setting; a choice
 * is kept on this device (Mantine's colour scheme manager, in localStorage).
 */
export function ColorSchemeToggle({ color = 'gray.0', withLabel = false }: { color?: string; withLabel?: boolean }) {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = computed === 'dark' ? 'light' : 'dark';
  const { t } = useTranslation();
  const label = next === 'dark' ? t('common.darkMode') : t('common.lightMode');
  const icon = next === 'dark' ? <IconMoon size={18} /> : <IconSun size={18} />;
  if (withLabel)
    return (
      <Button variant="default" justify="start" leftSection={icon} onClick={() => setColorScheme(next)}>
        {label}
      </Button>
    );
  return (
    <ActionIcon variant="subtle" color={color} size="lg" onClick={() => setColorScheme(next)} aria-label={label} title={label}>
      {icon}
    </ActionIcon>
  );
}
