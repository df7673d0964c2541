import { TextInput, type TextInputProps } from '@mantine/core';

/** The six-digit code of an authenticator app (or a recovery code), which the phone may offer to fill in. */
export function CodeInput({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'onChange'> & { value: string; onChange: (code: string) => void }) {
  return (
    <TextInput
      placeholder="123456"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      autoComplete="one-time-code"
      {...props}
    />
  );
}
