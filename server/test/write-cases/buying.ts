import { unique } from '../factories';
import { newSupplier } from './accounts';
import { type Exempt, idIn, ownStore, prepared, today, type World, type WriteCase, type WriteRequest, withStock } from './world';

/** The admin's new order of 10 of a new material of the world's store, from a new supplier. */
async function newOrder(world: World): Promise<WriteRequest> {
  const material = await withStock(world, 0);
  return {
    method: 'POST',
    url: '/api/purchase-orders',
    token: world.admin.token,
    payload: {
      supplierId: await newSupplier(world),
      storeId: world.store._id,
      lines: [{ materialId: material._id, quantity: 10, unitCost: '4.5' }],
    },
  };
}

/** A draft order; its url and its one line's id. */
async function draftOrder(world: World): Promise<{ url: string; lineId: string }> {
  const answer = await prepared(world, await newOrder(world));
  const order = answer.purchaseOrder as { lines: { _id: string }[] };
  return { url: `/api/purchase-orders/${idIn(answer, 'purchaseOrder')}`, lineId: order.lines[0]?._id as string };
}

/** A draft order sent to its supplier. */
async function placedOrder(world: World): Promise<{ url: string; lineId: string }> {
  const order = await draftOrder(world);
  await prepared(world, { method: 'POST', url: `${order.url}/order`, token: world.admin.token });
  return order;
}

/** Purchase orders and what arrives against them. */
export const BUYING_WRITES: Record<string, WriteCase | Exempt> = {
  'POST /api/purchase-orders': { fresh: newOrder },
  'POST /api/purchase-orders/from-low-stock': {
    fresh: async (world) => {
      // A store of its own whose one material is low, with a preferred supplier that prices it.
      const { storeId, materialId } = await ownStore(world);
      const supplierId = await newSupplier(world);
      await prepared(world, {
        method: 'PUT',
        url: `/api/suppliers/${supplierId}/prices`,
        token: world.admin.token,
        payload: { lines: [{ materialId, unitCost: '7.25' }] },
      });
      await prepared(world, {
        method: 'PUT',
        url: `/api/materials/${materialId}/reorder`,
        token: world.admin.token,
        payload: { minQty: 20, targetQty: 50, packSize: 5, preferredSupplierId: supplierId },
      });
      return { method: 'POST', url: '/api/purchase-orders/from-low-stock', token: world.admin.token, payload: { storeId } };
    },
  },
  'POST /api/purchase-orders/:id/order': {
    fresh: async (world) => ({ method: 'POST', url: `${(await draftOrder(world)).url}/order`, token: world.admin.token }),
  },
  'POST /api/purchase-orders/:id/cancel': {
    fresh: async (world) => ({
      method: 'POST',
      url: `${(await placedOrder(world)).url}/cancel`,
      token: world.admin.token,
      payload: { reason: 'Ordered twice' },
    }),
  },
  'POST /api/purchase-orders/:id/close': {
    fresh: async (world) => ({
      method: 'POST',
      url: `${(await receivedOrder(world)).url}/close`,
      token: world.admin.token,
      payload: { reason: 'Supplier out of stock' },
    }),
  },
  'POST /api/purchase-orders/:id/receipts': {
    fresh: async (world) => {
      const { url, lineId } = await placedOrder(world);
      return {
        method: 'POST',
        url: `${url}/receipts`,
        token: world.keeper.token,
        payload: { receivedAt: today(), deliveryNote: 'DN-77', lines: [{ lineId, received: 3, damaged: 1 }] },
      };
    },
  },
  'POST /api/supplier-returns': {
    fresh: async (world) => {
      const { orderId, supplierId, materialId } = await receivedOrder(world);
      return {
        method: 'POST',
        url: '/api/supplier-returns',
        token: world.keeper.token,
        payload: {
          supplierId,
          storeId: world.store._id,
          purchaseOrderId: orderId,
          reason: 'Torn bags',
          lines: [{ materialId, quantity: 2 }],
        },
      };
    },
  },
  'POST /api/supplier-invoices': {
    fresh: async (world) => invoiceOf(world, await receivedOrder(world)),
  },
  'POST /api/supplier-invoices/:id/approve': {
    fresh: async (world) => {
      const invoice = await prepared(world, await invoiceOf(world, await receivedOrder(world)));
      return { method: 'POST', url: `/api/supplier-invoices/${idIn(invoice, 'invoice')}/approve`, token: world.admin.token, payload: {} };
    },
  },
};

type ReceivedOrder = { url: string; orderId: string; supplierId: string; lineId: string; materialId: string };

/** An order sent and 4 of its 10 received. */
async function receivedOrder(world: World): Promise<ReceivedOrder> {
  const { url, lineId } = await placedOrder(world);
  const answer = await prepared(world, {
    method: 'POST',
    url: `${url}/receipts`,
    token: world.keeper.token,
    payload: { receivedAt: today(), lines: [{ lineId, received: 4 }] },
  });
  const order = answer.purchaseOrder as { _id: string; supplier: { _id: string }; lines: { materialId: string }[] };
  return { url, orderId: order._id, supplierId: order.supplier._id, lineId, materialId: order.lines[0]?.materialId as string };
}

/** The admin's invoice for what arrived of an order. */
async function invoiceOf(world: World, order: { supplierId: string; lineId: string }): Promise<WriteRequest> {
  return {
    method: 'POST',
    url: '/api/supplier-invoices',
    token: world.admin.token,
    payload: {
      supplierId: order.supplierId,
      number: unique('INV'),
      date: today(),
      lines: [{ purchaseOrderLineId: order.lineId, quantity: 4, unitPrice: '4.5' }],
      total: '18.00',
    },
  };
}
