import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currencySign, useCurrency } from './money';

/** A cost per unit as typed (a decimal), labelled with the company currency. */
export function UnitCostInput(props: { value: string; onChange: (value: string) => void; description?: string; error?: string | null }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  return (
    <TextInput
      label={currency ? t('money.unitCostIn', { currency: currencySign(currency) }) : t('money.unitCost')}
      inputMode="decimal"
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      description={props.description ?? t('money.unitCostHint')}
      error={props.error}
    />
  );
}
