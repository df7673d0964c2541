import type { Tool, ToolCreateRequest, ToolMovementResponse } from '@stockyard/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
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
