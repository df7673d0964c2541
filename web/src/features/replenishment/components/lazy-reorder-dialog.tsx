import { lazyDialog } from '../../../lib/lazy-dialog';

/** A material's reorder point, its code loaded when the dialog is first opened. */
export const ReorderDialog = lazyDialog(
  async () => (await import('./reorder-dialog')).ReorderDialog,
  (props) => props.material !== null,
);
