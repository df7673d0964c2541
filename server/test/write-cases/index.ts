import { ACCOUNT_WRITES } from './accounts';
import { BUYING_WRITES } from './buying';
import { FLOW_WRITES } from './flows';
import { STOCK_WRITES } from './stock';

export type { World, WriteRequest } from './world';

/** Every write route of the API (a route missing here fails the suite), each sent raced and repeated. */
export const WRITE_CASES = { ...ACCOUNT_WRITES, ...STOCK_WRITES, ...FLOW_WRITES, ...BUYING_WRITES };
