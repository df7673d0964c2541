import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from '../../src/db/sql';
import { bearer, createMaterial, createStore, uploadFile } from '../factories';
import { type Exempt, idIn, ownStore, prepared, type World, type WriteCase, withStock } from './world';

/** An issue by the keeper from a material of its own: the ledger line's id. */
async function keepersIssue(world: World, quantity: number): Promise<string> {
  const material = await withStock(world);
  await prepared(world, {
    method: 'POST',
    url: '/api/user/consume-stock',
    token: world.keeper.token,
    payload: { productId: material._id, quantity },
  });
  return lastMovementOf(world, material._id);
}

/** A photo of the keeper's, uploaded: its file id. */
async function photoOf(world: World): Promise<string> {
  const photo = await sharp(randomBytes(16 * 16 * 3), { raw: { width: 16, height: 16, channels: 3 } })
    .png()
    .toBuffer();
  return (await uploadFile(world.app, world.keeper.token, photo)).json()._id;
}

/** A count of one material in a store of its own, counted at 8 of 10; its url. */
export async function countedCount(world: World): Promise<{ url: string; materialId: string }> {
  const { storeId, materialId } = await ownStore(world);
  const count = await prepared(world, {
    method: 'POST',
    url: '/api/counts',
    token: world.admin.token,
    payload: { storeId, itemKind: 'material', itemIds: [materialId] },
  });
  const url = `/api/counts/${idIn(count, 'count')}`;
  await prepared(world, { method: 'PUT', url: `${url}/lines/${materialId}`, token: world.admin.token, payload: { counted: 8 } });
  return { url, materialId };
}

/** A keeper's request for 2 of a material of their store; its url and the material's name. */
async function openRequest(world: World): Promise<string> {
  return (await openRequestOf(world)).url;
}

export async function openRequestOf(world: World): Promise<{ url: string; name: string }> {
  const material = await withStock(world);
  const request = await prepared(world, {
    method: 'POST',
    url: '/api/stock-requests',
    token: world.keeper.token,
    payload: { lines: [{ materialId: material._id, quantity: 2 }] },
  });
  return { url: `/api/stock-requests/${idIn(request, 'request')}`, name: material.name };
}

/** A draft transfer of 4 of 10 from a store of its own to the world's store; its url and answer. */
async function draftTransfer(world: World): Promise<{ url: string; transfer: Record<string, unknown> }> {
  const { storeId, materialId } = await ownStore(world);
  const answer = await prepared(world, {
    method: 'POST',
    url: '/api/transfers',
    token: world.admin.token,
    payload: { fromStoreId: storeId, toStoreId: world.store._id, lines: [{ materialId, quantity: 4 }] },
  });
  return { url: `/api/transfers/${idIn(answer, 'transfer')}`, transfer: answer.transfer as Record<string, unknown> };
}

/** A transfer dispatched; its url and its one line's id. */
export async function dispatchedTransfer(world: World): Promise<{ url: string; lineId: string }> {
  const { url, transfer } = await draftTransfer(world);
  await prepared(world, { method: 'POST', url: `${url}/dispatch`, token: world.admin.token });
  return { url, lineId: (transfer.lines as { _id: string }[])[0]?._id as string };
}

/** The newest ledger line of an item. */
export async function lastMovementOf(world: World, itemId: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    world.db,
    sql`select id from movements where item_id = ${itemId} order by occurred_at desc, id desc limit 1`,
  );
  if (!row) throw new Error('the item has no ledger line');
  return row.id;
}

/** An issue of 50 from a material of 5 captured on the keeper's phone, parked for a person to look at; its url. */
export async function parkedOp(world: World): Promise<string> {
  const material = await withStock(world);
  const answer = await prepared(world, {
    method: 'POST',
    url: '/api/sync/movements',
    token: world.keeper.token,
    payload: {
      ops: [
        {
          opId: randomUUID(),
          kind: 'issue',
          itemKind: 'material',
          itemId: material._id,
          quantity: 50,
          capturedAt: new Date().toISOString(),
          storeId: world.store._id,
        },
      ],
    },
  });
  const parkedId = (answer.results as { parkedId?: string }[])[0]?.parkedId;
  if (!parkedId) throw new Error(`the op was not parked: ${JSON.stringify(answer)}`);
  return `/api/sync/parked/${parkedId}`;
}

/** A keeper's unread low-stock notice: a material of 5 with a reorder point at 4, issued down to 3; its url. */
async function unreadNotice(world: World): Promise<string> {
  const material = await withStock(world);
  await prepared(world, {
    method: 'PUT',
    url: `/api/materials/${material._id}/reorder`,
    token: world.keeper.token,
    payload: { minQty: 4, targetQty: 10 },
  });
  await prepared(world, {
    method: 'POST',
    url: '/api/user/consume-stock',
    token: world.keeper.token,
    payload: { productId: material._id, quantity: 2 },
  });
  const list = await world.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(world.keeper.token) });
  const notice = (list.json().notifications as { _id: string; materialId?: string; readAt?: string | null }[])[0];
  if (!notice) throw new Error('no notice was made');
  return `/api/notifications/${notice._id}/read`;
}

/** Counts, requests, transfers, parked offline ops, notices and reversals: each step of them. */
export const FLOW_WRITES: Record<string, WriteCase | Exempt> = {
  'POST /api/counts': {
    fresh: async (world) => {
      const { storeId, materialId } = await ownStore(world);
      return {
        method: 'POST',
        url: '/api/counts',
        token: world.admin.token,
        payload: { storeId, itemKind: 'material', itemIds: [materialId] },
      };
    },
  },
  'PUT /api/counts/:id/lines/:itemId': {
    fresh: async (world) => {
      const { storeId, materialId } = await ownStore(world);
      const count = await prepared(world, {
        method: 'POST',
        url: '/api/counts',
        token: world.admin.token,
        payload: { storeId, itemKind: 'material', itemIds: [materialId] },
      });
      return {
        method: 'PUT',
        url: `/api/counts/${idIn(count, 'count')}/lines/${materialId}`,
        token: world.admin.token,
        payload: { counted: 9 },
      };
    },
  },
  'POST /api/counts/:id/submit': {
    fresh: async (world) => ({ method: 'POST', url: `${(await countedCount(world)).url}/submit`, token: world.admin.token }),
  },
  'POST /api/counts/:id/post': {
    fresh: async (world) => {
      const { url, materialId } = await countedCount(world);
      await prepared(world, { method: 'POST', url: `${url}/submit`, token: world.admin.token });
      return { method: 'POST', url: `${url}/post`, token: world.admin.token, payload: { reasons: { [materialId]: 'Two bags split' } } };
    },
  },
  'POST /api/counts/:id/cancel': {
    fresh: async (world) => ({ method: 'POST', url: `${(await countedCount(world)).url}/cancel`, token: world.admin.token }),
  },
  'POST /api/stock-requests': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/stock-requests',
      token: world.keeper.token,
      payload: { lines: [{ materialId: (await withStock(world))._id, quantity: 2 }] },
    }),
  },
  'POST /api/stock-requests/:id/cancel': {
    fresh: async (world) => ({ method: 'POST', url: `${await openRequest(world)}/cancel`, token: world.keeper.token }),
  },
  'POST /api/stock-requests/:id/reject': {
    fresh: async (world) => ({
      method: 'POST',
      url: `${await openRequest(world)}/reject`,
      token: world.admin.token,
      payload: { reason: 'Order from the supplier' },
    }),
  },
  'POST /api/stock-requests/:id/approve': {
    fresh: async (world) => {
      const { url, name } = await openRequestOf(world);
      // The source store holds the requested material under the same name.
      const source = await createStore(world.app, world.admin.token);
      await createMaterial(world.app, world.admin.token, { storeId: source._id, name, totalQuantity: 10 });
      return { method: 'POST', url: `${url}/approve`, token: world.admin.token, payload: { sourceStoreId: source._id } };
    },
  },
  'POST /api/transfers': {
    fresh: async (world) => {
      const { storeId, materialId } = await ownStore(world);
      return {
        method: 'POST',
        url: '/api/transfers',
        token: world.admin.token,
        payload: { fromStoreId: storeId, toStoreId: world.store._id, lines: [{ materialId, quantity: 4 }] },
      };
    },
  },
  'POST /api/transfers/:id/dispatch': {
    fresh: async (world) => ({ method: 'POST', url: `${(await draftTransfer(world)).url}/dispatch`, token: world.admin.token }),
  },
  'POST /api/transfers/:id/cancel': {
    fresh: async (world) => ({ method: 'POST', url: `${(await draftTransfer(world)).url}/cancel`, token: world.admin.token }),
  },
  'POST /api/transfers/:id/receive': {
    fresh: async (world) => {
      const { url, lineId } = await dispatchedTransfer(world);
      return { method: 'POST', url: `${url}/receive`, token: world.keeper.token, payload: { lines: [{ lineId, received: 3 }] } };
    },
  },
  'POST /api/transfers/:id/close': {
    fresh: async (world) => {
      const { url, lineId } = await dispatchedTransfer(world);
      await prepared(world, {
        method: 'POST',
        url: `${url}/receive`,
        token: world.keeper.token,
        payload: { lines: [{ lineId, received: 3 }] },
      });
      return { method: 'POST', url: `${url}/close`, token: world.admin.token, payload: { reason: 'One lost on the way' } };
    },
  },
  'POST /api/movements/:id/reverse': {
    fresh: async (world) => ({
      method: 'POST',
      url: `/api/movements/${await keepersIssue(world, 2)}/reverse`,
      token: world.admin.token,
      payload: { reason: 'Entered twice' },
    }),
  },
  'POST /api/movements/:id/attachments': {
    fresh: async (world) => ({
      method: 'POST',
      url: `/api/movements/${await keepersIssue(world, 1)}/attachments`,
      token: world.keeper.token,
      payload: { attachments: [await photoOf(world)] },
    }),
  },
  'POST /api/sync/ops/:opId/attachments': {
    fresh: async (world) => {
      const material = await withStock(world);
      const opId = randomUUID();
      await prepared(world, {
        method: 'POST',
        url: '/api/sync/movements',
        token: world.keeper.token,
        payload: {
          ops: [
            {
              opId,
              kind: 'issue',
              itemKind: 'material',
              itemId: material._id,
              quantity: 1,
              capturedAt: new Date().toISOString(),
              storeId: world.store._id,
            },
          ],
        },
      });
      return {
        method: 'POST',
        url: `/api/sync/ops/${opId}/attachments`,
        token: world.keeper.token,
        payload: { attachments: [await photoOf(world)] },
      };
    },
  },
  'POST /api/sync/movements': {
    exempt:
      'Each op carries its own key (its opId): a repeat of a batch answers each op "duplicate" with its first movement, as the sync tests show.',
  },
  'POST /api/sync/parked/:id/apply': {
    fresh: async (world) => ({
      method: 'POST',
      url: `${await parkedOp(world)}/apply`,
      token: world.keeper.token,
      payload: { quantity: 1 },
    }),
  },
  'POST /api/sync/parked/:id/discard': {
    fresh: async (world) => ({
      method: 'POST',
      url: `${await parkedOp(world)}/discard`,
      token: world.keeper.token,
      payload: { reason: 'Counted in the store' },
    }),
  },
  'POST /api/notifications/:id/read': {
    fresh: async (world) => ({ method: 'POST', url: await unreadNotice(world), token: world.keeper.token }),
  },
  'POST /api/notifications/read-all': {
    fresh: async (world) => {
      await unreadNotice(world);
      return { method: 'POST', url: '/api/notifications/read-all', token: world.keeper.token };
    },
  },
};
