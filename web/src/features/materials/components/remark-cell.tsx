import { ActionIcon, Group, TextInput, Tooltip } from '@mantine/core';
import type { Product } from '@stockyard/contract';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useSetRemarks } from '../api/materials';

/** SPEC.md's inline remark: the pencil opens a box, the tick saves; once a remark exists the pencil stays disabled. */
export function AddRemarkCell({ product, onError }: { product: Product; onError: (message: string) => void }) {
  const setRemarks = useSetRemarks();
  const [isEditing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const hasRemark = Boolean(product.remarks?.trim());

  async function save() {
    if (!text.trim()) return;
    try {
      await setRemarks.mutateAsync({ id: product._id, remarks: text.trim() });
      setEditing(false);
    } catch (error) {
      onError((error as Error & { serverMessage?: string }).serverMessage ?? 'Failed to update remarks');
    }
  }

  if (isEditing) {
    return (
      <Group gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          aria-label={`Remark for ${product.name}`}
          autoFocus
          miw={140}
        />
        <ActionIcon variant="filled" color="green" aria-label="Save remark" onClick={() => void save()} loading={setRemarks.isPending}>
          <IconCheck size={16} />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <Tooltip label="Remarks already added" disabled={!hasRemark}>
      <span>
        <ActionIcon variant="subtle" aria-label={`Add remark for ${product.name}`} disabled={hasRemark} onClick={() => setEditing(true)}>
          <IconPencil size={18} />
        </ActionIcon>
      </span>
    </Tooltip>
  );
}
