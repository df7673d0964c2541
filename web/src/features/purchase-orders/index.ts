// What other features use of purchase orders.
export { useOrderFromLowStock, useOrdersOfSupplier } from './api/purchase-orders';
