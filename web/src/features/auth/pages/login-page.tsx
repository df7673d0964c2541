import { Box, Button, Image, Paper, PasswordInput, Text, TextInput, Title } from '@mantine/core';
import { LOGIN_INVALID, LOGIN_MISSING_FIELDS } from '@stockyard/contract/messages';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import illustration from '../../../assets/login-illustration.svg';
import { ApiError } from '../../../lib/api';
import { ColorSchemeToggle } from '../../../lib/color-scheme-toggle';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { homeOf } from '../../../lib/home';
import { saveSession } from '../../../lib/session';
import { askToKeepStorage } from '../../offline/persist';
import { useLogin } from '../api/login';
import type { SignedIn } from '../api/mfa';
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

  async function signedIn({ token, role }: SignedIn) {
    saveSession(token, role);
    askToKeepStorage();
    await navigate(homeOf(role), { replace: true });
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(LOGIN_MISSING_FIELDS);
      return;
    }
    try {
      const answer = await loginMutation.mutateAsync({ email: email.trim(), password });
      setPassword('');
      if (answer.mfaToken && answer.mfaRequired) setStep({ kind: 'code', mfaToken: answer.mfaToken });
      else if (answer.mfaToken && answer.mfaSetupRequired) setStep({ kind: 'setup', mfaToken: answer.mfaToken });
      else if (answer.token && answer.role) await signedIn({ token: answer.token, role: answer.role });
    } catch (caught) {
      // Too many attempts gets its own message, so a locked-out user knows to wait.
      setError(caught instanceof ApiError && caught.status === 429 && caught.serverMessage ? caught.serverMessage : LOGIN_INVALID);
    }
  }

  return (
    <Box className={classes.page}>
      <Box className={classes.scheme}>
        <ColorSchemeToggle color="gray" />
      </Box>
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
            <Suspense fallback={<Text c="dimmed">Loading...</Text>}>
              <Text c="dimmed" size="sm" mb="sm">
                Admins sign in with a second step: set it up once, now.
              </Text>
              <MfaSetup mfaToken={step.mfaToken} onDone={(session) => (session ? void signedIn(session) : setStep({ kind: 'password' }))} />
            </Suspense>
          )}
          <Box hidden={step.kind !== 'password'}>
            <FormStack onSubmit={handleSubmit}>
              <div>
                <Title order={1} size="h2">
                  Inventory System
                </Title>
                <Text c="dimmed">See your growth and get support!</Text>
              </div>
              <ErrorAlert text={error} />
              <TextInput
                label="Email"
                type="email"
                placeholder="Enter your Email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                autoComplete="username"
              />
              <PasswordInput
                label="Password"
                placeholder="Minimum 8 characters"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                autoComplete="current-password"
              />
              <Button type="submit" disabled={loginMutation.isPending} fullWidth size="md">
                {loginMutation.isPending ? 'Logging in...' : 'Login'}
              </Button>
            </FormStack>
          </Box>
        </Box>
        <Box className={classes.imageSide}>
          <Image src={illustration} alt="A site store with cement bags, timber and tools" />
        </Box>
      </Paper>
    </Box>
  );
}
