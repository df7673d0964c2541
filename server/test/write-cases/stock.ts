import { bearer, createTool, unique } from '../factories';
import { type Exempt, idIn, prepared, today, type World, type WriteCase, type WriteRequest, withStock } from './world';

/** Material movements by the keeper, each on a material of its own with 5 in stock. */
function materialMove(url: string, body: (productId: string) => object): WriteCase {
  return {
    fresh: async (world) => ({ method: 'POST', url, token: world.keeper.token, payload: body((await withStock(world))._id) }),
  };
}

/** Stock brought into a material of the keeper's store named by its name, 4 at a time. */
function namedMove(url: string): WriteCase {
  return {
    fresh: async (world) => ({
      method: 'POST',
      url,
      token: world.keeper.token,
      payload: { name: (await withStock(world)).name, quantity: 4 },
    }),
  };
}

/** Tool movements by the keeper, each on a tool of its own with 5 in the store. */
function toolMove(url: string, body: (toolId: string) => object): WriteCase {
  return {
    fresh: async (world) => {
      const tool = await createTool(world.app, world.keeper.token, { totalQuantity: 5 });
      return { method: 'POST', url, token: world.keeper.token, payload: body(tool._id) };
    },
  };
}

/** A material that 2 of 5 were issued from, so that some can come back. */
async function issuedMaterial(world: World): Promise<string> {
  const material = await withStock(world);
  const answer = await world.app.inject({
    method: 'POST',
    url: '/api/user/consume-stock',
    headers: bearer(world.keeper.token),
    payload: { productId: material._id, quantity: 2 },
  });
  if (answer.statusCode !== 200) throw new Error(`issuing failed: ${answer.body}`);
  return material._id;
}

/** A supplier delivery of 3 to a fresh material, by the admin; its id under `field` ('entry' or 'supply'). */
async function delivery(world: World, url: string, dateField: string, field: string): Promise<{ id: string; productId: string }> {
  const productId = (await withStock(world))._id;
  const answer = await prepared(world, {
    method: 'POST',
    url,
    token: world.admin.token,
    payload: { productId, quantity: 3, supplier: 'Acme', [dateField]: today() },
  });
  return { id: idIn(answer, field), productId };
}

/** A checkout of 2 of a tool of 5 to a new worker of the keeper's store, ready to send. */
async function checkout(world: World): Promise<WriteRequest> {
  const tool = await createTool(world.app, world.keeper.token, { totalQuantity: 5 });
  const worker = await prepared(world, {
    method: 'POST',
    url: '/api/workers',
    token: world.keeper.token,
    payload: { name: unique('Asha') },
  });
  return {
    method: 'POST',
    url: `/api/tools/${tool._id}/checkout`,
    token: world.keeper.token,
    payload: { workerId: idIn(worker, 'worker'), quantity: 2 },
  };
}

/** A worker of the keeper's store holding 2 of a tool of 5; the custody record's url. */
async function toolsOut(world: World): Promise<string> {
  return `/api/custody/${idIn(await prepared(world, await checkout(world)), 'custody')}`;
}

/** Items, their movements, deliveries, reorder points, workers and the tools they hold. */
export const STOCK_WRITES: Record<string, WriteCase | Exempt> = {
  'POST /api/user/add-product': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/user/add-product',
      token: world.keeper.token,
      payload: { name: unique('Sand'), categoryname: 'Aggregates', size: '1 t', unit: 'bag', totalQuantity: 3 },
    }),
  },
  'PUT /api/products/update-product/:id': {
    fresh: async (world) => {
      const material = await withStock(world);
      return {
        method: 'PUT',
        url: `/api/products/update-product/${material._id}`,
        token: world.admin.token,
        payload: { name: unique('Renamed sand') },
      };
    },
  },
  'PATCH /api/materials/:id': {
    fresh: async (world) => {
      const material = await withStock(world);
      return { method: 'PATCH', url: `/api/materials/${material._id}`, token: world.admin.token, payload: { decimals: 2 } };
    },
  },
  'PUT /api/materials/:id/units': {
    fresh: async (world) => {
      const material = await withStock(world);
      const payload = { units: [{ name: 'pallet', factor: 40 }] };
      return { method: 'PUT', url: `/api/materials/${material._id}/units`, token: world.admin.token, payload };
    },
  },
  'PUT /api/products/update-remarks/:id': {
    fresh: async (world) => {
      const material = await withStock(world);
      return {
        method: 'PUT',
        url: `/api/products/update-remarks/${material._id}`,
        token: world.keeper.token,
        payload: { remarks: 'Keep dry' },
      };
    },
  },
  'POST /api/user/consume-stock': materialMove('/api/user/consume-stock', (productId) => ({ productId, quantity: 1 })),
  'POST /api/user/add-damaged-stock': materialMove('/api/user/add-damaged-stock', (productId) => ({ productId, damagedQuantity: 1 })),
  'POST /api/user/refund-stock': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/user/refund-stock',
      token: world.keeper.token,
      payload: { productId: await issuedMaterial(world), refundQuantity: 1 },
    }),
  },
  'POST /api/user/add-restock-product': namedMove('/api/user/add-restock-product'),
  'POST /api/user/transfer-stock': namedMove('/api/user/transfer-stock'),
  'POST /api/user/add-tools': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/user/add-tools',
      token: world.keeper.token,
      payload: { name: unique('Grinder'), totalQuantity: 2 },
    }),
  },
  'POST /api/tools/add-tools': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/tools/add-tools',
      token: world.admin.token,
      payload: { name: unique('Mixer'), totalQuantity: 1, storeId: world.store._id },
    }),
  },
  'POST /api/user/add-consumed-tool': toolMove('/api/user/add-consumed-tool', (toolId) => ({ toolId, quantity: 1 })),
  'POST /api/user/add-damaged-tool': toolMove('/api/user/add-damaged-tool', (toolId) => ({
    toolId,
    damagedQuantity: 1,
    damagedReason: 'Dropped',
  })),
  'POST /api/user/add-refund-tool': {
    fresh: async (world) => {
      const tool = await createTool(world.app, world.keeper.token, { totalQuantity: 5 });
      const issued = await world.app.inject({
        method: 'POST',
        url: '/api/user/add-consumed-tool',
        headers: bearer(world.keeper.token),
        payload: { toolId: tool._id, quantity: 2 },
      });
      if (issued.statusCode !== 200) throw new Error(`issuing a tool failed: ${issued.body}`);
      return {
        method: 'POST',
        url: '/api/user/add-refund-tool',
        token: world.keeper.token,
        payload: { toolId: tool._id, refundQuantity: 1 },
      };
    },
  },
  'PUT /api/materials/:id/reorder': {
    fresh: async (world) => ({
      method: 'PUT',
      url: `/api/materials/${(await withStock(world))._id}/reorder`,
      token: world.keeper.token,
      payload: { minQty: 2, targetQty: 10 },
    }),
  },
  'POST /api/workers': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/workers',
      token: world.keeper.token,
      payload: { name: unique('Asha'), trade: 'Mason' },
    }),
  },
  'POST /api/add-inventory': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/add-inventory',
      token: world.admin.token,
      payload: { productId: (await withStock(world))._id, quantity: 3, supplier: 'Acme', date: today() },
    }),
  },
  'POST /api/supply/add': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/supply/add',
      token: world.keeper.token,
      payload: { productId: (await withStock(world))._id, quantity: 3, supplier: 'Acme', dateReceived: today() },
    }),
  },
  'PUT /api/update-inventory/:id': {
    fresh: async (world) => {
      const { id, productId } = await delivery(world, '/api/add-inventory', 'date', 'entry');
      return {
        method: 'PUT',
        url: `/api/update-inventory/${id}`,
        token: world.admin.token,
        payload: { productId, quantity: 5, supplier: 'Acme', date: today() },
      };
    },
  },
  'PUT /api/supply/:id': {
    fresh: async (world) => {
      const { id, productId } = await delivery(world, '/api/supply/add', 'dateReceived', 'supply');
      return {
        method: 'PUT',
        url: `/api/supply/${id}`,
        token: world.admin.token,
        payload: { productId, quantity: 5, supplier: 'Acme', dateReceived: today() },
      };
    },
  },
  'DELETE /api/delete-inventory/:id': {
    fresh: async (world) => {
      const { id } = await delivery(world, '/api/add-inventory', 'date', 'entry');
      return { method: 'DELETE', url: `/api/delete-inventory/${id}`, token: world.admin.token };
    },
  },
  'DELETE /api/products/delete-product/:id': {
    fresh: async (world) => ({
      method: 'DELETE',
      url: `/api/products/delete-product/${(await withStock(world))._id}`,
      token: world.admin.token,
    }),
  },
  'DELETE /api/materials/:id/reorder': {
    fresh: async (world) => {
      const material = await withStock(world);
      const url = `/api/materials/${material._id}/reorder`;
      await prepared(world, { method: 'PUT', url, token: world.keeper.token, payload: { minQty: 2, targetQty: 10 } });
      return { method: 'DELETE', url, token: world.keeper.token };
    },
  },
  'PUT /api/workers/:id': {
    fresh: async (world) => {
      const answer = await prepared(world, {
        method: 'POST',
        url: '/api/workers',
        token: world.keeper.token,
        payload: { name: unique('Ravi') },
      });
      return { method: 'PUT', url: `/api/workers/${idIn(answer, 'worker')}`, token: world.keeper.token, payload: { trade: 'Carpenter' } };
    },
  },
  'POST /api/tools/:id/checkout': { fresh: checkout },

  'POST /api/custody/:id/return': {
    fresh: async (world) => ({ method: 'POST', url: `${await toolsOut(world)}/return`, token: world.keeper.token, payload: { good: 1 } }),
  },
  'PATCH /api/custody/:id': {
    fresh: async (world) => ({ method: 'PATCH', url: await toolsOut(world), token: world.keeper.token, payload: { dueAt: today() } }),
  },
};
