// The screens of purchase orders, loaded with the router's lazy pages.
export { PurchaseOrderPage } from './purchase-order-page';
export { PurchaseOrdersPage } from './purchase-orders-page';
