import { Badge, Button, Group, Modal, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { secondFactorStatus } from '../../auth/api/mfa';

const MfaSetup = lazy(() => import('../../auth/components/mfa-setup'));
const statusKey = ['sessions', 'second-factor'] as const;

/** Two-step sign-in for the signed-in person: on or off, recovery codes left, and setting it up. */
export function SecondFactor() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: statusKey, queryFn: secondFactorStatus });
  const [settingUp, setSettingUp] = useState(false);
  return (
    <>
      <Title order={3} size="h4" mt="xl" mb="xs">
        Two-step sign-in
      </Title>
      {status.data?.enabled ? (
        <Group gap="xs">
          <Badge color="green">On</Badge>
          <Text size="sm">{status.data.recoveryCodesLeft} recovery codes left.</Text>
        </Group>
      ) : (
        <Group gap="sm">
          <Text size="sm">Off: your password alone signs you in.</Text>
          <Button size="compact-md" onClick={() => setSettingUp(true)} disabled={!status.data}>
            Set up
          </Button>
        </Group>
      )}
      <Modal opened={settingUp} onClose={() => setSettingUp(false)} title="Two-step sign-in" centered>
        <Suspense fallback={<Text c="dimmed">Loading...</Text>}>
          {settingUp && (
            <MfaSetup
              mfaToken={null}
              onDone={() => {
                setSettingUp(false);
                void queryClient.invalidateQueries({ queryKey: statusKey });
              }}
            />
          )}
        </Suspense>
      </Modal>
    </>
  );
}
