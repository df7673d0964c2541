import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Whereabouts } from '../whereabouts';

/** The keeper's choice to record where each entry is made, and what the phone is doing about it now. */
export function LocationSwitch({ isOn, state, onChange }: { isOn: boolean; state: Whereabouts; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  const description =
    state.status === 'fixed' ? t('location.fixed', { accuracy: Math.round(state.location.accuracyM) }) : t(`location.${state.status}`);
  return (
    <Switch
      label={t('location.record')}
      description={description}
      checked={isOn}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
