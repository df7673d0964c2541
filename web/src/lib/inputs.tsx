import { NumberInput, type NumberInputProps, PasswordInput, type PasswordInputProps } from '@mantine/core';
import { DECIMALS_MAX } from '@stockyard/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n';
import { numberFormat } from './intl-formats';

/** A count of things: whole, never negative, with the phone's number keypad. */
export function WholeNumberInput(props: NumberInputProps) {
  return <NumberInput min={0} allowDecimal={false} allowNegative={false} inputMode="numeric" {...props} />;
}

/** The decimal separator of the app's language ("," in Spanish and French, "." in English and Hindi). */
export function decimalSeparator(): string {
  return (
    numberFormat(currentLanguage())
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/**
 * A quantity of an item, never negative, with as many decimals as the item takes (a tool's and a
 * 0-decimal material's are whole). The decimal is written as the app's language writes it; either
 * "." or "," typed gives it. Its value is a number, or the text typed so far with a "." decimal.
 */
export function QuantityInput({ decimals = 0, ...props }: NumberInputProps & { decimals?: number }) {
  return (
    <NumberInput
      min={0}
      allowNegative={false}
      allowDecimal={decimals > 0}
      decimalScale={decimals}
      decimalSeparator={decimals > 0 ? decimalSeparator() : undefined}
      thousandSeparator={false}
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      {...props}
    />
  );
}

/**
 * How many decimals a picked item's quantities take: a material's own; none for an item known to have
 * none (a tool); `unknown` where only its name is at hand (the server checks then).
 */
export function decimalsOfItem(item: unknown, unknown = DECIMALS_MAX): number {
  if (!item || typeof item !== 'object') return 0;
  return 'decimals' in item ? Number(item.decimals) : unknown;
}

/** A new password, which the browser's password manager may offer to make and keep. */
export function NewPasswordInput(props: Omit<PasswordInputProps, 'label' | 'autoComplete'>) {
  const { t } = useTranslation();
  return <PasswordInput label={t('users.newPassword')} autoComplete="new-password" {...props} />;
}
