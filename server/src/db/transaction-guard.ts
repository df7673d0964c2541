import { AsyncLocalStorage } from 'node:async_hooks';

/** The transaction whose work is running, while it is open. */
const openTransaction = new AsyncLocalStorage<{ isOpen: boolean }>();

/** Thrown for a query on the database itself from inside the caller's own open transaction. */
export class QueryOutsideTransactionError extends Error {
  constructor() {
    super(
      'A query on the database ran inside an open transaction, outside it. On the embedded database it would wait ' +
        'forever for the connection the transaction holds; on PostgreSQL it would not see the transaction’s writes. ' +
        'Run it on the transaction (tx), or after it.',
    );
    this.name = 'QueryOutsideTransactionError';
  }
}

/** Throws when called from the work of an open transaction. */
export function assertOutsideTransaction(): void {
  if (openTransaction.getStore()?.isOpen) throw new QueryOutsideTransactionError();
}

/** Runs a transaction's work marked as such, so a query on the database from inside it is refused. */
export async function runMarkedAsTransaction<T>(work: () => Promise<T>): Promise<T> {
  const state = { isOpen: true };
  try {
    return await openTransaction.run(state, work);
  } finally {
    // Work started inside that outlives the transaction may use the database again.
    state.isOpen = false;
  }
}
