import { lazyDialog } from './lazy-dialog';

/** The yes/no question of `confirm-dialog.tsx`, its code (Mantine's modal) loaded when it is first asked. */
export const LazyConfirmDialog = lazyDialog(
  async () => (await import('./confirm-dialog')).ConfirmDialog,
  (props) => props.opened,
);
