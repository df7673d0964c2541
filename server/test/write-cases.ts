import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { bearer, createMaterial, createStore, type createStoreWithStaff, createTool, unique } from './factories';

/** What the write-path suite works in: a store with its staff, made once. */
export type World = Awaited<ReturnType<typeof createStoreWithStaff>> & { app: FastifyInstance; db: Db };

/** One request, ready to send. */
export type WriteRequest = { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; token: string; payload?: object };

export type WriteCase = {
  /** A request that succeeds, on records of its own: two made in turn have the same effect each. */
  fresh: (world: World) => Promise<WriteRequest>;
  /**
   * The request makes something unique (a name, a code, an email): 20 of the same at once without a
   * key make it once; the others answer 409, or 200 with the record made.
   */
  isUnique?: boolean;
};

/** A route that takes no Idempotency-Key, and why. */
export type Exempt = { exempt: string };

const withStock = async (world: World, quantity = 5) => createMaterial(world.app, world.keeper.token, { totalQuantity: quantity });

/** Material movements by the keeper, each on a material of its own with 5 in stock. */
function materialMove(url: string, body: (productId: string) => object): WriteCase {
  return {
    fresh: async (world) => ({ method: 'POST', url, token: world.keeper.token, payload: body((await withStock(world))._id) }),
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

/** Every write route of the API (a route missing here fails the suite), each sent raced and repeated. */
export const WRITE_CASES: Record<string, WriteCase | Exempt> = {
  'POST /auth/login': { exempt: 'Signing in makes a new session each time by design: a repeat is a new sign-in.' },
  'POST /api/auth/login': { exempt: 'Signing in makes a new session each time by design: a repeat is a new sign-in.' },
  'POST /auth/logout': { exempt: 'Signing out ends the session it is sent with; a repeat finds it ended.' },
  'POST /api/auth/logout': { exempt: 'Signing out ends the session it is sent with; a repeat finds it ended.' },
  'POST /api/auth/mfa': { exempt: 'The second step spends its single-use sign-in token: a repeat must be refused.' },
  'POST /api/auth/change-password': { exempt: 'A password change ends the sessions it was sent with.' },
  'POST /api/auth/change-user-password': { exempt: "A password change ends the user's sessions and tokens." },

  'POST /api/stores': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/stores',
      token: world.admin.token,
      payload: { name: unique('Depot'), location: 'Dock road', openingHours: '', status: 'Active' },
    }),
  },
  'PUT /api/stores/update/:id': {
    fresh: async (world) => {
      const store = await createStore(world.app, world.admin.token);
      return {
        method: 'PUT',
        url: `/api/stores/update/${store._id}`,
        token: world.admin.token,
        payload: { name: unique('Renamed'), location: 'South yard', isActive: true },
      };
    },
  },
  'POST /api/auth/create-user': {
    isUnique: true,
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/auth/create-user',
      token: world.admin.token,
      payload: {
        name: 'Ravi Keeper',
        email: `${unique('raced')}@example.com`,
        password: 'a long keeper pass',
        role: 'user',
        stores: [world.store._id],
      },
    }),
  },
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
  'POST /api/user/add-restock-product': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/user/add-restock-product',
      token: world.keeper.token,
      payload: { name: (await withStock(world)).name, quantity: 4 },
    }),
  },
  'POST /api/user/transfer-stock': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/user/transfer-stock',
      token: world.keeper.token,
      payload: { name: (await withStock(world)).name, quantity: 4 },
    }),
  },
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
  'POST /api/jobs': {
    isUnique: true,
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/jobs',
      token: world.admin.token,
      payload: { code: unique('J'), name: 'Tower', storeIds: [world.store._id] },
    }),
  },
  'POST /api/cost-codes': {
    isUnique: true,
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/cost-codes',
      token: world.admin.token,
      payload: { code: unique('CC'), name: 'Formwork' },
    }),
  },
  'POST /api/valuation/opening': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/valuation/opening',
      token: world.admin.token,
      payload: { storeId: world.store._id, lines: [{ materialId: (await withStock(world))._id, unitCost: '12.5' }] },
    }),
  },
  'PUT /api/auth/language': {
    fresh: async (world) => ({ method: 'PUT', url: '/api/auth/language', token: world.storeUser.token, payload: { language: 'fr' } }),
  },
};
