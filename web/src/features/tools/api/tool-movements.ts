import {
  ConsumeToolRequestSchema,
  DamageToolRequestSchema,
  RefundToolRequestSchema,
  type Tool,
  type ToolMovementResponse,
} from '@stockyard/contract';
import { apiFetch } from '../../../lib/api';
import { movementCall } from '../../../lib/movement-call';
import { useStockMutation } from '../../../lib/stock-mutation';

// Apart from the tool queries: the request schemas (and zod) come only with the movement screens.
export type ToolMovement = 'issue' | 'damage' | 'return';

/** Each keeper tool movement's call, the contract's schema of its body, and the body. */
export const toolMovementCalls = {
  issue: movementCall('/api/user/add-consumed-tool', ConsumeToolRequestSchema, (tool: Tool, quantity) => ({ toolId: tool._id, quantity })),
  damage: movementCall('/api/user/add-damaged-tool', DamageToolRequestSchema, (tool: Tool, quantity, reason) => ({
    toolId: tool._id,
    damagedQuantity: quantity,
    damagedReason: reason,
  })),
  return: movementCall('/api/user/add-refund-tool', RefundToolRequestSchema, (tool: Tool, quantity) => ({
    toolId: tool._id,
    refundQuantity: quantity,
  })),
} satisfies Record<ToolMovement, unknown>;

export function useMoveTool(kind: ToolMovement) {
  return useStockMutation(({ body, idempotencyKey }: { body: unknown; idempotencyKey: string }) =>
    apiFetch<ToolMovementResponse>(toolMovementCalls[kind].path, { method: 'POST', body, idempotencyKey }),
  );
}
