import { Alert, Button, Code, CopyButton, Group, Image, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MFA_CODE_WRONG } from '@stockyard/contract/messages';
import { IconCopy, IconDeviceMobileShare, IconDownload } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { confirmEnrolment, type SignedIn, startEnrolment } from '../api/mfa';
import { CodeInput } from './code-input';
import { useCodeForm } from './use-code-form';

type Props = {
  /** The sign-in token of an admin who must set it up before signing in; null for the signed-in person. */
  mfaToken: string | null;
  /** The signed-in person's password, typed again (not needed with a sign-in token). */
  currentPassword?: string;
  /** Called once the recovery codes were shown and acknowledged; with a session when this finished a sign-in. */
  onDone: (session: SignedIn | null) => void;
};

/**
 * Setting up an authenticator app: its QR code (and the key, to type in), a first code to prove it
 * works, then the ten recovery codes, shown this once.
 */
export default function MfaSetup({ mfaToken, currentPassword, onDone }: Props) {
  const [enrolment, setEnrolment] = useState<{ secret: string; qr: string; otpauthUrl: string } | null>(null);
  const [done, setDone] = useState<{ codes: string[]; session: SignedIn | null } | null>(null);
  const { t } = useTranslation();
  const { code, setCode, error, setError, busy, handleSubmit } = useCodeForm(async (typed) => {
    const confirmed = await confirmEnrolment(mfaToken, typed);
    const session = confirmed.token && confirmed.role ? { token: confirmed.token, role: confirmed.role } : null;
    setDone({ codes: confirmed.recoveryCodes, session });
  }, localMessage(MFA_CODE_WRONG));

  useEffect(() => {
    let current = true;
    startEnrolment(mfaToken, currentPassword)
      .then(async ({ secret, otpauthUrl }) => {
        const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
        if (current) setEnrolment({ secret, otpauthUrl, qr: `data:image/svg+xml;utf8,${encodeURIComponent(svg)}` });
      })
      .catch((caught) => current && setError(messageOf(caught, i18n.t('mfa.startFailed'))));
    return () => {
      current = false;
    };
  }, [mfaToken, currentPassword, setError]);

  if (done) {
    return (
      <Stack>
        <Title order={2} size="h3">
          {t('mfa.saveCodes')}
        </Title>
        <Text size="sm">{t('mfa.codesHelp')}</Text>
        <SimpleGrid cols={2} spacing="xs" aria-label={t('mfa.recoveryCodes')}>
          {done.codes.map((recovery) => (
            <Code key={recovery} fz="md">
              {recovery}
            </Code>
          ))}
        </SimpleGrid>
        <Group gap="xs">
          <Copy value={done.codes.join('\n')} label={t('mfa.copyCodes')} />
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => downloadCodes(done.codes)}>
            {t('mfa.downloadCodes')}
          </Button>
        </Group>
        <Button onClick={() => onDone(done.session)}>{t('mfa.saved')}</Button>
      </Stack>
    );
  }
  return (
    <FormStack onSubmit={handleSubmit}>
      <Title order={2} size="h3">
        {t('mfa.setUpTitle')}
      </Title>
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>{t('mfa.step1')}</List.Item>
        <List.Item>{t('mfa.step2')}</List.Item>
        <List.Item>{t('mfa.step3')}</List.Item>
      </List>
      <ErrorAlert text={error} />
      {enrolment ? (
        <>
          {/* On the phone itself there is nothing to scan: the link opens the authenticator app. */}
          <Button component="a" href={enrolment.otpauthUrl} variant="light" leftSection={<IconDeviceMobileShare size={16} />}>
            {t('mfa.openInApp')}
          </Button>
          <Image src={enrolment.qr} alt={t('mfa.qrAlt')} w={180} h={180} />
          <Alert variant="light" title={t('mfa.key')}>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Code style={{ wordBreak: 'break-all' }}>{enrolment.secret}</Code>
              <Copy value={enrolment.secret} label={t('mfa.copyKey')} />
            </Group>
          </Alert>
        </>
      ) : (
        !error && <Text c="dimmed">{t('mfa.preparing')}</Text>
      )}
      <CodeInput label={t('mfa.codeFromApp')} value={code} onChange={setCode} />
      <Button type="submit" loading={busy} disabled={!enrolment}>
        {t('mfa.turnOn')}
      </Button>
    </FormStack>
  );
}

/** A button that copies a text and says so for a moment. */
function Copy({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button variant="default" size="compact-sm" leftSection={<IconCopy size={14} />} onClick={copy} style={{ flexShrink: 0 }}>
          {copied ? t('mfa.copied') : label}
        </Button>
      )}
    </CopyButton>
  );
}

/** The recovery codes as a text file, one a line. */
function downloadCodes(codes: string[]): void {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'stockyard-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}
