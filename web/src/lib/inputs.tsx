import { NumberInput, type NumberInputProps, PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A count of things: whole, never negative, with the phone's number keypad. */
export function WholeNumberInput(props: NumberInputProps) {
  return <NumberInput min={0} allowDecimal={false} allowNegative={false} inputMode="numeric" {...props} />;
}

/** A new password, which the browser's password manager may offer to make and keep. */
export function NewPasswordInput(props: Omit<PasswordInputProps, 'label' | 'autoComplete'>) {
  const { t } = useTranslation();
  return <PasswordInput label={t('users.newPassword')} autoComplete="new-password" {...props} />;
}
