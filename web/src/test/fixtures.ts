import type { Product, Tool } from '@stockyard/contract';

/** A material as the server presents it: 7 of 10 bags of cement left, in one store. */
export const cement: Product = {
  _id: '0d6f8a1e-4b8e-4c55-9d3e-1a2b3c4d5e6f',
  code: 'M-1',
  name: 'Cement',
  categoryname: 'Binders',
  materialname: 'N/A',
  size: '50 kg',
  unit: 'bag',
  decimals: 0,
  tracksExpiry: false,
  units: [],
  totalQuantity: 10,
  restockedQuantity: 0,
  transferQuantity: 0,
  availableQuantity: 7,
  consumedQuantity: 3,
  damagedQuantity: 0,
  refundQuantity: 0,
  adjustedQuantity: 0,
  remarks: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  storeId: { _id: '5e0c0c0c-0000-4000-8000-000000000002', name: 'Store' },
};

/** A tool as the server presents it: 3 drills, 1 of them out with a worker. */
export const drill: Tool = {
  _id: '0d6f8a1e-4b8e-4c55-9d3e-1a2b3c4d5e70',
  code: 'T-1',
  name: 'Drill',
  totalQuantity: 3,
  availableQuantity: 2,
  consumedQuantity: 1,
  damagedQuantity: 0,
  lostQuantity: 0,
  inCustodyQuantity: 1,
  inServiceQuantity: 0,
  tracking: 'count',
  requiresQualification: null,
  refundQuantity: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  storeId: { _id: '5e0c0c0c-0000-4000-8000-000000000002', name: 'Store' },
};
