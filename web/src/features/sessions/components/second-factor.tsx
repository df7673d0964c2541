import { Badge, Button, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMfaSetup, secondFactorStatus } from '../../auth';

const MfaSetup = lazy(loadMfaSetup);
const statusKey = ['sessions', 'second-factor'] as const;

/** Two-step sign-in for the signed-in person: on or off, recovery codes left, and setting it up. */
export function SecondFactor() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: statusKey, queryFn: secondFactorStatus });
  const [settingUp, setSettingUp] = useState(false);
  const [password, setPassword] = useState('');
  const [proved, setProved] = useState<string | null>(null);
  const { t } = useTranslation();
  const open = () => {
    setPassword('');
    setProved(null);
    setSettingUp(true);
  };
  const close = () => setSettingUp(false);
  return (
    <>
      <Title order={3} size="h4" mt="xl" mb="xs">
        {t('mfa.title')}
      </Title>
      {status.data?.enabled ? (
        <Group gap="xs">
          <Badge color="green">{t('mfa.on')}</Badge>
          <Text size="sm">{t('mfa.codesLeft', { count: status.data.recoveryCodesLeft })}</Text>
        </Group>
      ) : (
        <Group gap="sm">
          <Text size="sm">{t('mfa.off')}</Text>
          <Button size="compact-md" onClick={open} disabled={!status.data}>
            {t('mfa.setUp')}
          </Button>
        </Group>
      )}
      <Modal opened={settingUp} onClose={close} title={t('mfa.title')} centered>
        {proved === null ? (
          <Stack
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              if (password) setProved(password);
            }}
          >
            <Text size="sm">{t('mfa.typePassword')}</Text>
            <PasswordInput
              label={t('password.current')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="current-password"
            />
            <Button type="submit" disabled={!password}>
              {t('mfa.continue')}
            </Button>
          </Stack>
        ) : (
          <Suspense fallback={<Text c="dimmed">{t('common.loading')}</Text>}>
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
