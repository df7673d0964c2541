import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type HubButton = { label: string; to: string; badge?: ReactNode };

/** A hub screen: the banner, a title, one big button per destination, and what to show above or below them. */
export function ButtonHub({ title, buttons, above, below }: { title: string; buttons: HubButton[]; above?: ReactNode; below?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Text c="dimmed" fw={500}>
        {t('common.welcomeHub')}
      </Text>
      <Title order={2}>{title}</Title>
      {above}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {buttons.map((button) => (
          <Button key={button.to + button.label} component={Link} to={button.to} size="lg" variant="light" h={{ base: 56, sm: 72 }}>
            {button.label}
            {button.badge}
          </Button>
        ))}
      </SimpleGrid>
      {below}
    </Stack>
  );
}
