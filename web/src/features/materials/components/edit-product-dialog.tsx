import { Checkbox, TextInput } from '@mantine/core';
import { MaterialUpdateRequestSchema, type Product } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api';
import { DialogButtons, DialogFor } from '../../../lib/dialog-for';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { usePayloadCheck } from '../../../lib/validation';
import { useChangeMaterialSettings, useSetMaterialUnits, useUpdateMaterial } from '../api/materials';
import { DecimalsSelect } from './decimals-select';
import { UnitsEditor } from './units-editor';

type Props = { onClose: () => void; onSaved: () => void };

export function EditProductDialog({ product, onClose, onSaved }: Props & { product: Product | null }) {
  const { t } = useTranslation();
  return (
    <DialogFor subject={product} keyOf={(subject) => subject._id} title={() => t('materials.edit')} onClose={onClose}>
      {(subject) => <EditProductForm product={subject} onClose={onClose} onSaved={onSaved} />}
    </DialogFor>
  );
}

function EditProductForm({ product, onClose, onSaved }: Props & { product: Product }) {
  const update = useUpdateMaterial();
  const settings = useChangeMaterialSettings();
  const [form, setForm] = useState({ name: product.name, categoryname: product.categoryname, materialname: product.materialname });
  const [decimals, setDecimals] = useState(String(product.decimals));
  const [tracksExpiry, setTracksExpiry] = useState(product.tracksExpiry);
  const [units, setUnits] = useState(product.units);
  const saveUnits = useSetMaterialUnits();
  const [error, setError] = useState<string | null>(null);
  const payload = usePayloadCheck(MaterialUpdateRequestSchema, ['name', 'categoryname', 'materialname']);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const data = payload.check(form);
    if (!data) return;
    try {
      // Decimals first: lowered below what the history uses, they are refused and nothing else changes.
      if (Number(decimals) !== product.decimals) await settings.mutateAsync({ id: product._id, decimals: Number(decimals) });
      if (tracksExpiry !== product.tracksExpiry) await settings.mutateAsync({ id: product._id, tracksExpiry });
      if (JSON.stringify(units) !== JSON.stringify(product.units)) await saveUnits.mutateAsync({ id: product._id, units });
      await update.mutateAsync({ id: product._id, ...data });
      onSaved();
    } catch (failure) {
      setError(messageOf(failure, t('materials.updateFailed')));
    }
  }

  const field = (name: keyof typeof form) => ({
    error: payload.errorOf(name),
    value: form[name],
    onChange: (e: { currentTarget: { value: string } }) => setForm({ ...form, [name]: e.currentTarget.value }),
  });

  return (
    <FormStack onSubmit={handleSubmit}>
      <ErrorAlert text={error ?? payload.summary?.text ?? null} />
      <TextInput label={t('users.name')} {...field('name')} />
      <TextInput label={t('materials.category')} {...field('categoryname')} />
      <TextInput label={t('materials.material')} {...field('materialname')} />
      <DecimalsSelect value={decimals} onChange={setDecimals} />
      <Checkbox
        label={t('batches.tracksExpiry')}
        checked={tracksExpiry}
        onChange={(event) => setTracksExpiry(event.currentTarget.checked)}
      />
      <UnitsEditor stockUnit={product.unit} units={units} onChange={setUnits} />
      <DialogButtons
        onCancel={onClose}
        action={t('common.saveChanges')}
        isBusy={update.isPending || settings.isPending || saveUnits.isPending}
      />
    </FormStack>
  );
}
