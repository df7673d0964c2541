import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client';
import { bearer, createMaterial, createStore, type createStoreWithStaff } from '../factories';

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

export const withStock = async (world: World, quantity = 5) => createMaterial(world.app, world.keeper.token, { totalQuantity: quantity });

/** Sends a request that must succeed, for a case's preparation; its answer. */
export async function prepared(world: World, request: WriteRequest): Promise<Record<string, unknown>> {
  const answer = await world.app.inject({
    method: request.method,
    url: request.url,
    headers: bearer(request.token),
    ...(request.payload ? { payload: request.payload } : {}),
  });
  if (answer.statusCode >= 300) throw new Error(`${request.method} ${request.url} failed: ${answer.statusCode} ${answer.body}`);
  return answer.json();
}

/** The _id of a record an answer names under `field`. */
export const idIn = (answer: Record<string, unknown>, field: string) => (answer[field] as { _id: string })._id;

export const today = () => new Date().toISOString().slice(0, 10);

export const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** A store of the admin's own with a material of 10: counts and transfers of one case never meet another's. */
export async function ownStore(world: World): Promise<{ storeId: string; materialId: string }> {
  const store = await createStore(world.app, world.admin.token);
  const material = await createMaterial(world.app, world.admin.token, { storeId: store._id, totalQuantity: 10 });
  return { storeId: store._id, materialId: material._id };
}
