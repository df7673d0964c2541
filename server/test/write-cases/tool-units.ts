import { unique } from '../factories';
import { idIn, prepared, type World, type WriteCase } from './world';

/** A serial tool of the keeper's store with one unit; the tool's and the unit's ids. */
async function serialTool(world: World): Promise<{ toolId: string; unitId: string }> {
  const tool = await prepared(world, {
    method: 'POST',
    url: '/api/user/add-tools',
    token: world.keeper.token,
    payload: { name: unique('Breaker'), totalQuantity: 0, tracking: 'serial' },
  });
  const toolId = idIn(tool, 'tool');
  const unit = await prepared(world, {
    method: 'POST',
    url: `/api/tools/${toolId}/units`,
    token: world.keeper.token,
    payload: { serial: 'B1' },
  });
  return { toolId, unitId: idIn(unit, 'unit') };
}

async function servicePlan(world: World): Promise<string> {
  const plan = await prepared(world, {
    method: 'POST',
    url: '/api/service-plans',
    token: world.admin.token,
    payload: { name: unique('Inspection'), intervalDays: 90 },
  });
  return idIn(plan, 'plan');
}

async function worker(world: World): Promise<string> {
  return idIn(
    await prepared(world, { method: 'POST', url: '/api/workers', token: world.keeper.token, payload: { name: unique('Rigger') } }),
    'worker',
  );
}

/** Serial tools' units, service plans and services, and workers' qualifications. */
export const TOOL_UNIT_WRITES: Record<string, WriteCase> = {
  'POST /api/tools/:id/units': {
    fresh: async (world) => {
      const { toolId } = await serialTool(world);
      return { method: 'POST', url: `/api/tools/${toolId}/units`, token: world.keeper.token, payload: { serial: unique('SN') } };
    },
    isUnique: true,
  },
  'PUT /api/tool-units/:id': {
    fresh: async (world) => ({
      method: 'PUT',
      url: `/api/tool-units/${(await serialTool(world)).unitId}`,
      token: world.keeper.token,
      payload: { retire: { reason: 'Worn out' } },
    }),
  },
  'POST /api/tool-units/:id/services': {
    fresh: async (world) => {
      const { toolId, unitId } = await serialTool(world);
      const planId = await servicePlan(world);
      await prepared(world, {
        method: 'PUT',
        url: `/api/tools/${toolId}/service-plans`,
        token: world.admin.token,
        payload: { planIds: [planId] },
      });
      return {
        method: 'POST',
        url: `/api/tool-units/${unitId}/services`,
        token: world.keeper.token,
        payload: { planId, result: 'passed', performedAt: new Date().toISOString() },
      };
    },
  },
  'POST /api/service-plans': {
    fresh: async (world) => ({
      method: 'POST',
      url: '/api/service-plans',
      token: world.admin.token,
      payload: { name: unique('Calibration'), intervalDays: 730, checklist: ['Level'] },
    }),
    isUnique: true,
  },
  'PUT /api/tools/:id/service-plans': {
    fresh: async (world) => ({
      method: 'PUT',
      url: `/api/tools/${(await serialTool(world)).toolId}/service-plans`,
      token: world.admin.token,
      payload: { planIds: [await servicePlan(world)] },
    }),
  },
  'PATCH /api/tools/:id': {
    fresh: async (world) => ({
      method: 'PATCH',
      url: `/api/tools/${(await serialTool(world)).toolId}`,
      token: world.admin.token,
      payload: { requiresQualification: 'Working at height' },
    }),
  },
  'POST /api/workers/:id/qualifications': {
    fresh: async (world) => ({
      method: 'POST',
      url: `/api/workers/${await worker(world)}/qualifications`,
      token: world.keeper.token,
      payload: { name: 'Harness', expiresOn: '2099-01-01' },
    }),
  },
  'DELETE /api/qualifications/:id': {
    fresh: async (world) => {
      const added = await prepared(world, {
        method: 'POST',
        url: `/api/workers/${await worker(world)}/qualifications`,
        token: world.keeper.token,
        payload: { name: 'Harness' },
      });
      return { method: 'DELETE', url: `/api/qualifications/${idIn(added, 'qualification')}`, token: world.keeper.token };
    },
  },
};
