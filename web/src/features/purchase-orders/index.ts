// What other features use of purchase orders.
export { useOrderFromLowStock } from './api/purchase-orders';
