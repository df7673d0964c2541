import { ACCOUNT_WRITES } from './accounts';
import { BUYING_WRITES } from './buying';
import { FLOW_WRITES } from './flows';
import { STOCK_WRITES } from './stock';
import { TOOL_UNIT_WRITES } from './tool-units';

export type { World, WriteRequest } from './world';

/** Every write route of the API (a route missing here fails the suite), each sent raced and repeated. */
export const WRITE_CASES = { ...ACCOUNT_WRITES, ...STOCK_WRITES, ...FLOW_WRITES, ...BUYING_WRITES, ...TOOL_UNIT_WRITES };
