import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStoreOptions } from '../api/stores';

/** The Store picker an admin fills in where a material or tool is created (they belong to one store). */
export function StoreSelect({
  value,
  onChange,
  required = true,
  label,
  error,
}: {
  value: string | null;
  onChange: (storeId: string | null) => void;
  /** Off where leaving it empty means every store (a filter). */
  required?: boolean;
  label?: string;
  /** The form's problem with the choice, shown under it. */
  error?: string;
}) {
  const stores = useStoreOptions();
  const { t } = useTranslation();
  return (
    <Select
      label={label ?? t('stores.store')}
      data={(stores.data ?? []).map((store) => ({ value: store._id, label: store.name }))}
      value={value}
      onChange={onChange}
      error={error}
      searchable
      required={required}
      clearable={!required}
      placeholder={required ? t('stores.select') : t('stores.all')}
    />
  );
}
