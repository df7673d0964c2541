import { Badge, Button, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
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
  const [password, setPassword] = useState('');
  const [proved, setProved] = useState<string | null>(null);
  const open = () => {
    setPassword('');
    setProved(null);
    setSettingUp(true);
  };
  const close = () => setSettingUp(false);
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
          <Button size="compact-md" onClick={open} disabled={!status.data}>
            Set up
          </Button>
        </Group>
      )}
      <Modal opened={settingUp} onClose={close} title="Two-step sign-in" centered>
        {proved === null ? (
          <Stack
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              if (password) setProved(password);
            }}
          >
            <Text size="sm">Type your password again to change how you sign in.</Text>
            <PasswordInput
              label="Current Password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="current-password"
            />
            <Button type="submit" disabled={!password}>
              Continue
            </Button>
          </Stack>
        ) : (
          <Suspense fallback={<Text c="dimmed">Loading...</Text>}>
            <MfaSetup
              mfaToken={null}
              currentPassword={proved}
              onDone={() => {
                close();
                void queryClient.invalidateQueries({ queryKey: statusKey });
              }}
            />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
