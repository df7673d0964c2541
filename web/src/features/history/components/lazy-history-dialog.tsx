import { lazyDialog } from '../../../lib/lazy-dialog';

/** An item's history, its code loaded when a history is first opened. */
export const HistoryDialog = lazyDialog(
  async () => (await import('./history-dialog')).HistoryDialog,
  (props) => props.item !== null,
);
