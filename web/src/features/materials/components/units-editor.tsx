import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { MaterialUnit } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localNumber } from '../../../lib/format';
import { RemovableLines } from '../../../lib/removable-lines';

/**
 * The other units a material is counted in, each as how many stock units make one ("pallet = 40 bag"):
 * lines are added and taken off here and saved with the rest of the dialog.
 */
export function UnitsEditor(props: { stockUnit: string; units: MaterialUnit[]; onChange: (units: MaterialUnit[]) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [factor, setFactor] = useState('');
  const stock = props.stockUnit || t('movement.stockUnit');
  const add = () => {
    const trimmed = name.trim();
    const typed = factor.trim().replace(',', '.');
    if (!trimmed || !(Number(typed) > 0)) return;
    props.onChange([...props.units.filter((unit) => unit.name.toLowerCase() !== trimmed.toLowerCase()), { name: trimmed, factor: typed }]);
    setName('');
    setFactor('');
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('materials.otherUnits')}
      </Text>
      <RemovableLines
        lines={props.units}
        label={t('materials.otherUnits')}
        keyOf={(unit) => unit.name}
        textOf={(unit) => t('movement.unitIs', { unit: unit.name, factor: localNumber(Number(unit.factor)), stock })}
        removeLabelOf={(unit) => t('materials.removeUnit', { unit: unit.name })}
        onRemove={(removed) => props.onChange(props.units.filter((unit) => unit !== removed))}
      />
      <Group align="flex-end" wrap="nowrap" gap="xs">
        <TextInput label={t('materials.unitName')} value={name} onChange={(event) => setName(event.currentTarget.value)} w={110} />
        <TextInput
          label={t('materials.unitFactor', { stock })}
          inputMode="decimal"
          value={factor}
          onChange={(event) => setFactor(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button variant="default" onClick={add}>
          {t('entries.add')}
        </Button>
      </Group>
    </Stack>
  );
}
