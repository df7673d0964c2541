import { Select } from '@mantine/core';
import { useStoreOptions } from '../api/stores';

/** The Store picker an admin fills in where a material or tool is created (they belong to one store). */
export function StoreSelect({ value, onChange }: { value: string | null; onChange: (storeId: string | null) => void }) {
  const stores = useStoreOptions();
  return (
    <Select
      label="Store"
      placeholder="Select a store"
      data={(stores.data ?? []).map((store) => ({ value: store._id, label: store.name }))}
      value={value}
      onChange={onChange}
      searchable
      required
    />
  );
}
