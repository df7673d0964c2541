import { Select } from '@mantine/core';
import type { MaterialUnit } from '@stockyard/contract';
import { useTranslation } from 'react-i18next';
import { localNumber } from '../../../lib/format';

/** The other units an item is counted in (a material's), none for a tool. */
export function unitsOfItem(item: unknown): MaterialUnit[] {
  return item && typeof item === 'object' && 'units' in item && Array.isArray(item.units) ? (item.units as MaterialUnit[]) : [];
}

/** An item's stock unit, '' when it names none. */
export function stockUnitOf(item: unknown): string {
  return item && typeof item === 'object' && 'unit' in item && typeof item.unit === 'string' ? item.unit : '';
}

/**
 * The unit a quantity is entered in: the stock unit (null), or another of the material's, each shown
 * with what it is in stock units ("pallet = 40 bag"). Kept with the entry on the phone.
 */
export function UnitChoice(props: {
  stockUnit: string;
  units: MaterialUnit[];
  value: string | null;
  onChange: (unit: string | null) => void;
  /** Its heading, "Unit" without one. */
  label?: string;
}) {
  const { t } = useTranslation();
  const stock = props.stockUnit || t('movement.stockUnit');
  const data = [
    { value: '', label: stock },
    ...props.units.map((unit) => ({
      value: unit.name,
      label: t('movement.unitIs', { unit: unit.name, factor: localNumber(Number(unit.factor)), stock }),
    })),
  ];
  return (
    <Select
      label={props.label ?? t('movement.unit')}
      data={data}
      value={props.value ?? ''}
      onChange={(value) => props.onChange(value ? value : null)}
      allowDeselect={false}
    />
  );
}
