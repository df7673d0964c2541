// What other features use of purchase orders.
export { useOrderFromLowStock, usePurchaseOrders } from './api/purchase-orders';
