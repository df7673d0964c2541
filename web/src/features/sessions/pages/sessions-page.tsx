import { Text } from '@mantine/core';
import { PageCard } from '../../../app/layouts/page-card';
import { SecondFactor } from '../components/second-factor';
import { SessionList } from '../components/session-list';

/** Sessions: where the signed-in person is signed in, and a way to end the others. */
export function SessionsPage() {
  return (
    <PageCard title="Sessions">
      <Text c="dimmed" size="sm" mb="md">
        The devices signed in to your account. Sign out any you do not recognise, then change your password.
      </Text>
      <SessionList userId={null} />
      <SecondFactor />
    </PageCard>
  );
}
