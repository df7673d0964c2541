import { Box, Button, Divider, Group, Image, Paper, PasswordInput, Text, TextInput, Title } from '@mantine/core';
import type { LoginResponse } from '@stockyard/contract';
import type { Language } from '@stockyard/contract/languages';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import illustration from '../../../assets/login-illustration.svg';
import { chooseLanguage, chosenLanguage } from '../../../i18n/i18n';
import { LanguageMenu, saveLanguage } from '../../../i18n/language-menu';
import { ApiError } from '../../../lib/api';
import { ColorSchemeToggle } from '../../../lib/color-scheme-toggle';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { homeOf } from '../../../lib/home';
import { askToKeepStorage } from '../../../lib/persist-storage';
import { saveSession } from '../../../lib/session';
import { useLogin } from '../api/login';
import type { SignedIn } from '../api/mfa';
import { finishProviderSignIn, signInOptions } from '../api/sso';
import { MfaCodeStep } from '../components/mfa-code-step';
import classes from './login-page.module.css';

// Only an admin setting up a second factor needs it (and its QR code library).
const MfaSetup = lazy(() => import('../components/mfa-setup'));

type Step = { kind: 'password' } | { kind: 'code'; mfaToken: string } | { kind: 'setup'; mfaToken: string };

export function LoginPage() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [providerName, setProviderName] = useState<string | null>(null);
  const { t } = useTranslation();
  const location = useLocation();
  const providerReturn = useRef<string | null>(null);
  // The answer's handler as of the latest render, for the effect that reads the provider's return once.
  const answerHandler = useRef<(answer: LoginResponse) => Promise<void>>(async () => undefined);

  useEffect(() => {
    signInOptions()
      .then((options) => setProviderName(options.provider?.name ?? null))
      .catch(() => undefined);
  }, []);

  // Back from the company's identity provider: its one-time ticket, exchanged once, or why it failed.
  useEffect(() => {
    const search = new URLSearchParams(location.search);
    const ticket = search.get('sso');
    const failure = search.get('ssoError');
    if (failure) setError(t(failure === 'unknown' ? 'login.sso.unknown' : 'login.sso.failed'));
    if (!ticket || providerReturn.current === ticket) return;
    providerReturn.current = ticket;
    void finishProviderSignIn(ticket)
      .then((answer) => answerHandler.current(answer))
      .catch((caught) => setError(caught instanceof ApiError && caught.serverMessage ? caught.serverMessage : t('login.sso.failed')));
  }, [location.search, t]);

  async function signedIn({ token, role, language }: SignedIn & { language?: Language | null }) {
    saveSession(token, role);
    askToKeepStorage();
    // The language saved with the person wins; one chosen here before signing in is saved with them.
    if (language) await chooseLanguage(language);
    else {
      const chosen = chosenLanguage();
      if (chosen) void saveLanguage(chosen).catch(() => undefined);
    }
    await navigate(homeOf(role), { replace: true });
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(t('login.missingFields'));
      return;
    }
    try {
      const answer = await loginMutation.mutateAsync({ email: email.trim(), password });
      setPassword('');
      await takeAnswer(answer);
    } catch (caught) {
      // Too many attempts, and password sign-in switched off for this person, get their own messages.
      const isOwnMessage = caught instanceof ApiError && (caught.status === 429 || caught.code === 'SIGN_IN_WITH_PROVIDER');
      setError(isOwnMessage && caught.serverMessage ? caught.serverMessage : t('login.invalid'));
    }
  }

  /** A sign-in's answer, by password or through the provider: the second step, or the session. */
  async function takeAnswer(answer: LoginResponse) {
    if (answer.mfaToken && answer.mfaRequired) setStep({ kind: 'code', mfaToken: answer.mfaToken });
    else if (answer.mfaToken && answer.mfaSetupRequired) setStep({ kind: 'setup', mfaToken: answer.mfaToken });
    else if (answer.token && answer.role) await signedIn({ token: answer.token, role: answer.role, language: answer.language });
  }
  answerHandler.current = takeAnswer;

  return (
    <Box className={classes.page}>
      <Group className={classes.scheme} gap={4}>
        <LanguageMenu color="gray" />
        <ColorSchemeToggle color="gray" />
      </Group>
      <Paper className={classes.card} shadow="md" radius="md">
        <Box className={classes.formSide}>
          {step.kind === 'code' && (
            <MfaCodeStep
              mfaToken={step.mfaToken}
              onSignedIn={(session) => void signedIn(session)}
              onBack={() => setStep({ kind: 'password' })}
            />
          )}
          {step.kind === 'setup' && (
            <Suspense fallback={<Text c="dimmed">{t('common.loading')}</Text>}>
              <Text c="dimmed" size="sm" mb="sm">
                {t('login.secondStep')}
              </Text>
              <MfaSetup mfaToken={step.mfaToken} onDone={(session) => (session ? void signedIn(session) : setStep({ kind: 'password' }))} />
            </Suspense>
          )}
          <Box hidden={step.kind !== 'password'}>
            <FormStack onSubmit={handleSubmit}>
              <div>
                <Title order={1} size="h2">
                  {t('common.appName')}
                </Title>
                <Text c="dimmed">{t('login.tagline')}</Text>
              </div>
              <ErrorAlert text={error} />
              <TextInput
                label={t('login.email')}
                type="email"
                placeholder={t('login.emailPlaceholder')}
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                autoComplete="username"
              />
              <PasswordInput
                label={t('login.password')}
                placeholder={t('login.passwordPlaceholder')}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                autoComplete="current-password"
              />
              <Button type="submit" disabled={loginMutation.isPending} fullWidth size="md">
                {loginMutation.isPending ? t('login.busy') : t('login.submit')}
              </Button>
              {providerName && (
                <>
                  <Divider label={t('login.sso.or')} labelPosition="center" />
                  <Button component="a" href="/auth/oidc/start" variant="default" fullWidth size="md">
                    {t('login.sso.button', { name: providerName })}
                  </Button>
                </>
              )}
            </FormStack>
          </Box>
        </Box>
        <Box className={classes.imageSide}>
          <Image src={illustration} alt={t('login.illustration')} />
        </Box>
      </Paper>
    </Box>
  );
}
