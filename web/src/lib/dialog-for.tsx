import { Button, Group, Modal } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog about one thing at a time: open while there is one. Its content is made afresh for each
 * thing (keyed by it), so a form starts from that thing and nothing of the last one (a typed value, a
 * problem, an intent's key) stays.
 */
export function DialogFor<T>({
  subject,
  keyOf,
  title,
  onClose,
  children,
}: {
  subject: T | null;
  keyOf: (subject: T) => string;
  title: (subject: T) => ReactNode;
  onClose: () => void;
  children: (subject: T) => ReactNode;
}) {
  return (
    <Modal opened={subject !== null} onClose={onClose} title={subject === null ? null : title(subject)} centered>
      {subject !== null && <Fragment key={keyOf(subject)}>{children(subject)}</Fragment>}
    </Modal>
  );
}

/** A dialog form's closing row: Cancel, then the action that submits it. */
export function DialogButtons({
  onCancel,
  action,
  isBusy,
  color,
  children,
}: {
  onCancel: () => void;
  action: ReactNode;
  isBusy: boolean;
  color?: string;
  /** What stands at the row's other end (a secondary action), if anything. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify={children ? 'space-between' : 'flex-end'}>
      {children}
      <Group gap="xs">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" color={color} loading={isBusy}>
          {action}
        </Button>
      </Group>
    </Group>
  );
}
