import { Box, Button, Image, Paper, PasswordInput, Text, TextInput, Title } from '@mantine/core';
import { LOGIN_INVALID, LOGIN_MISSING_FIELDS } from '@stockyard/contract/messages';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import illustration from '../../../assets/login-illustration.svg';
import { ApiError } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { homeOf } from '../../../lib/home';
import { saveSession } from '../../../lib/session';
import { useLogin } from '../api/login';
import classes from './login-page.module.css';

export function LoginPage() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(LOGIN_MISSING_FIELDS);
      return;
    }
    try {
      const { token, role } = await loginMutation.mutateAsync({ email: email.trim(), password });
      saveSession(token, role);
      await navigate(homeOf(role), { replace: true });
    } catch (caught) {
      // Too many attempts gets its own message, so a locked-out user knows to wait.
      setError(caught instanceof ApiError && caught.status === 429 && caught.serverMessage ? caught.serverMessage : LOGIN_INVALID);
    }
  }

  return (
    <Box className={classes.page}>
      <Paper className={classes.card} shadow="md" radius="md">
        <Box className={classes.formSide}>
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
        <Box className={classes.imageSide}>
          <Image src={illustration} alt="A site store with cement bags, timber and tools" />
        </Box>
      </Paper>
    </Box>
  );
}
