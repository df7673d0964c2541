import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { SecondFactor } from '../components/second-factor';
import { SessionList } from '../components/session-list';

/** Sessions: where the signed-in person is signed in, and a way to end the others. */
export function SessionsPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('common.sessions')}>
      <Text c="dimmed" size="sm" mb="md">
        {t('sessions.intro')}
      </Text>
      <SessionList userId={null} />
      <SecondFactor />
    </PageCard>
  );
}
