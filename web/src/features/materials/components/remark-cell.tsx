import { ActionIcon, Group, TextInput, Tooltip } from '@mantine/core';
import type { Product } from '@stockyard/contract';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api';
import { useSetRemarks } from '../api/materials';

type CellProps = { product: Product; onError: (message: string) => void };

/**
 * An inline remark: the pencil opens a box, the tick saves; once a remark exists the pencil
 * stays disabled. A page shows 50 of these, so the tooltip and the save hook exist only where needed.
 */
export function AddRemarkCell({ product, onError }: CellProps) {
  const [isEditing, setEditing] = useState(false);
  const { t } = useTranslation();
  if (isEditing) return <RemarkEditor product={product} onError={onError} onSaved={() => setEditing(false)} />;
  const hasRemark = Boolean(product.remarks?.trim());
  const pencil = (
    <ActionIcon
      variant="subtle"
      aria-label={t('lists.addRemarkFor', { name: product.name })}
      disabled={hasRemark}
      onClick={() => setEditing(true)}
    >
      <IconPencil size={18} />
    </ActionIcon>
  );
  if (!hasRemark) return pencil;
  return (
    <Tooltip label={t('materials.remarksAlreadyAdded')}>
      <span>{pencil}</span>
    </Tooltip>
  );
}

function RemarkEditor({ product, onError, onSaved }: CellProps & { onSaved: () => void }) {
  const setRemarks = useSetRemarks();
  const [text, setText] = useState('');
  const { t } = useTranslation();

  async function save() {
    if (!text.trim()) return;
    try {
      await setRemarks.mutateAsync({ id: product._id, remarks: text.trim() });
      onSaved();
    } catch (error) {
      onError(messageOf(error, t('lists.remarkFailed')));
    }
  }

  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        size="xs"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        aria-label={t('lists.remarkFor', { name: product.name })}
        autoFocus
        miw={140}
      />
      <ActionIcon
        variant="filled"
        color="green"
        aria-label={t('lists.saveRemark')}
        onClick={() => void save()}
        loading={setRemarks.isPending}
      >
        <IconCheck size={16} />
      </ActionIcon>
    </Group>
  );
}
