import { Button, Group, Modal, Text } from '@mantine/core';

/** A yes/no question before anything irreversible. */
export function ConfirmDialog(props: {
  opened: boolean;
  message: string;
  confirmLabel: string;
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={t('common.pleaseConfirm')} centered>
      <Text mb="lg">{props.message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={props.onConfirm} loading={props.isBusy}>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

import { useTranslation } from 'react-i18next';
