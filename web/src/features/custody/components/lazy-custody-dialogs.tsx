import { lazyDialog } from '../../../lib/lazy-dialog';

/** A check-in, its code (and the contract's schemas) loaded when one is first opened. */
export const CheckInDialog = lazyDialog(
  async () => (await import('./check-in-dialog')).CheckInDialog,
  (props) => props.record !== null,
);

/** A change of a custody's due date, its code loaded when one is first opened. */
export const DueDateDialog = lazyDialog(
  async () => (await import('./due-date-dialog')).DueDateDialog,
  (props) => props.record !== null,
);

/** A new worker, its code (and the contract's schemas) loaded when the dialog is first opened. */
export const AddWorkerDialog = lazyDialog(
  async () => (await import('./add-worker-dialog')).AddWorkerDialog,
  (props) => props.opened,
);
