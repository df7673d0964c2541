import {
  ConsumeToolRequestSchema,
  DamageToolRequestSchema,
  RefundToolRequestSchema,
  type Tool,
  type ToolCreateRequest,
  type ToolMovementResponse,
} from '@stockyard/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { movementCall } from '../../../lib/movement-call';
import { pagedQuery, suggestionsQuery } from '../../../lib/paging';
import { STOCK_QUERIES } from '../../../lib/query-keys';
import { useStockMutation } from '../../../lib/stock-mutation';

export const toolKeys = { all: [...STOCK_QUERIES, 'tools'] as const };

const toolList = { key: toolKeys.all, path: '/api/tools/view-tools', rowsOf: (data: { tools: Tool[] }) => data.tools };

export const toolPageQuery = (q: string, page: number, withQuantity?: 'damaged' | 'returned' | 'issued') =>
  pagedQuery(toolList, { q, page, extra: { with: withQuantity } });
export const toolSuggestionsQuery = (q: string) => suggestionsQuery(toolList, q);
/** One store's tools, for an admin's picker. */
export const toolStorePageQuery = (q: string, storeId: string) => pagedQuery(toolList, { q, page: 1, extra: { storeId } });
/** The keeper's pickers search their tools by name (/api/user/get-tools). */
export const toolPickerQuery = (search: string) =>
  pagedQuery<Tool>({ key: toolKeys.all, path: '/api/user/get-tools' }, { q: search, page: 1 });

export function useToolPage(q: string, page: number, withQuantity?: 'damaged' | 'returned' | 'issued') {
  return useQuery(toolPageQuery(q, page, withQuantity));
}

export function useToolSuggestions(q: string) {
  return useQuery(toolSuggestionsQuery(q));
}

export function createTool(input: ToolCreateRequest & { isAdmin: boolean; idempotencyKey: string }) {
  const { isAdmin, idempotencyKey, ...body } = input;
  return apiFetch<ToolMovementResponse>(isAdmin ? '/api/tools/add-tools' : '/api/user/add-tools', { method: 'POST', body, idempotencyKey });
}

export function useCreateTool() {
  return useStockMutation(createTool);
}

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
