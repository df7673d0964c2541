import { Button, Text, Title } from '@mantine/core';
import { MFA_CODE_WRONG } from '@stockyard/contract/messages';
import { useTranslation } from 'react-i18next';
import { translatedMessage } from '../../../i18n/messages';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { type SignedIn, signInWithCode } from '../api/mfa';
import { CodeInput } from './code-input';
import { useCodeForm } from './use-code-form';

/** The sign-in's second step: the code from the authenticator app, or one of the recovery codes. */
export function MfaCodeStep({
  mfaToken,
  onSignedIn,
  onBack,
}: {
  mfaToken: string;
  onSignedIn: (session: SignedIn) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { code, setCode, error, busy, handleSubmit } = useCodeForm(
    async (typed) => onSignedIn(await signInWithCode(mfaToken, typed)),
    translatedMessage(MFA_CODE_WRONG, 'MFA_CODE_WRONG'),
  );
  return (
    <FormStack onSubmit={handleSubmit}>
      <div>
        <Title order={1} size="h2">
          {t('mfa.title')}
        </Title>
        <Text c="dimmed">{t('mfa.enterCode')}</Text>
      </div>
      <ErrorAlert text={error} />
      <CodeInput label={t('mfa.code')} value={code} onChange={setCode} inputMode="text" data-autofocus />
      <Button type="submit" loading={busy} fullWidth size="md">
        {t('mfa.verify')}
      </Button>
      <Button variant="subtle" onClick={onBack}>
        {t('mfa.backToSignIn')}
      </Button>
    </FormStack>
  );
}
