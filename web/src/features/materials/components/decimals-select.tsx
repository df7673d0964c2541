import { Select } from '@mantine/core';
import { DECIMALS_MAX } from '@stockyard/contract';
import { useTranslation } from 'react-i18next';
import { localNumber } from '../../../lib/format';

/** How finely a material's quantities are measured: whole units, or to 0.1, 0.01 or 0.001 of its unit. */
export function DecimalsSelect(props: { value: string; onChange: (value: string) => void; error?: string | null }) {
  const { t } = useTranslation();
  const data = Array.from({ length: DECIMALS_MAX + 1 }, (_, decimals) => ({
    value: String(decimals),
    label: decimals === 0 ? t('materials.decimalsWhole') : t('materials.decimalsTo', { step: localNumber(10 ** -decimals) }),
  }));
  return (
    <Select
      label={t('materials.decimals')}
      description={t('materials.decimalsHint')}
      data={data}
      value={props.value}
      onChange={(value) => props.onChange(value ?? '0')}
      allowDeselect={false}
      error={props.error}
    />
  );
}
