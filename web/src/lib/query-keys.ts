/**
 * The root of every query whose answer a stock change can alter (materials, tools, deliveries, the
 * ledger, reports): a stock mutation invalidates it and leaves users and stores alone.
 */
export const STOCK_QUERIES = ['stock'] as const;
