import type { SettingsResponse } from '@stockyard/contract';
import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../i18n/i18n';
import { apiFetch } from './api';
import { numberFormat } from './intl-formats';

// Amounts arrive as decimal strings and are written by Intl.NumberFormat from those strings, which it
// reads exactly: no amount ever passes through a binary float on its way to the screen.

/** The company's settings (its currency), read once a session and kept. */
export function useSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: () => apiFetch<SettingsResponse>('/api/settings').then((answer) => answer.settings),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The company currency, once known. */
export function useCurrency(): string | undefined {
  return useSettings().data?.currency;
}

function formatterOf(currency: string | null): Intl.NumberFormat {
  return currency
    ? numberFormat(currentLanguage(), { style: 'currency', currency })
    : numberFormat(currentLanguage(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** An amount with its currency, as the app's language writes it ("$1,234.50", "1 234,50 $US"). */
export function formatMoney(amount: string, currency: string): string {
  return formatterOf(currency).format(amount as unknown as number);
}

/** An amount with 2 decimals and no currency sign, for tables whose heading names the currency. */
export function formatAmount(amount: string): string {
  return formatterOf(null).format(amount as unknown as number);
}

/** The currency's sign as the app's language writes it ("$", "₹"), for labels. */
export function currencySign(currency: string): string {
  return (
    formatterOf(currency)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}
