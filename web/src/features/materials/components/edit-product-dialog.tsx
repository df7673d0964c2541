import { Button, Group, Modal, TextInput } from '@mantine/core';
import { MaterialUpdateRequestSchema, type Product } from '@stockyard/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { parsePayload } from '../../../lib/validation';
import { useUpdateMaterial } from '../api/materials';

export function EditProductDialog({ product, onClose, onSaved }: { product: Product | null; onClose: () => void; onSaved: () => void }) {
  const update = useUpdateMaterial();
  const [form, setForm] = useState({ name: '', categoryname: '', materialname: '' });
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();

  useEffect(() => {
    if (product) setForm({ name: product.name, categoryname: product.categoryname, materialname: product.materialname });
    setError(null);
  }, [product]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!product) return;
    const parsed = parsePayload(MaterialUpdateRequestSchema, form);
    if ('problem' in parsed) {
      setError(parsed.problem);
      return;
    }
    try {
      await update.mutateAsync({ id: product._id, ...parsed.data });
      onSaved();
    } catch {
      setError(t('materials.updateFailed'));
    }
  }

  return (
    <Modal opened={product !== null} onClose={onClose} title={t('materials.edit')} centered>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        <TextInput label={t('users.name')} value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} />
        <TextInput
          label={t('materials.category')}
          value={form.categoryname}
          onChange={(e) => setForm({ ...form, categoryname: e.currentTarget.value })}
        />
        <TextInput
          label={t('materials.material')}
          value={form.materialname}
          onChange={(e) => setForm({ ...form, materialname: e.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('common.saving') : t('common.saveChanges')}
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
