import { MultiSelect } from '@mantine/core';
import type { Tool, UnitState } from '@stockyard/contract';
import { useTranslation } from 'react-i18next';
import { useToolUnits } from '../api/service';

/** The units of a serial tool that a movement can take, from the state it takes them from; as many as the quantity. */
export function UnitPicker(props: { tool: Tool; from: UnitState; value: string[]; onChange: (unitIds: string[]) => void }) {
  const units = useToolUnits(props.tool._id);
  const { t } = useTranslation();
  return (
    <MultiSelect
      label={t('service.units')}
      description={t('service.unitsHint')}
      searchable
      data={(units.data?.units ?? []).filter((unit) => unit.state === props.from).map((unit) => ({ value: unit._id, label: unit.serial }))}
      value={props.value}
      onChange={props.onChange}
      nothingFoundMessage={t('service.noUnitsHere')}
    />
  );
}
