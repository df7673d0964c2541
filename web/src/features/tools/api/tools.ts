import type { Tool, ToolCreateRequest, ToolMovementResponse } from '@stockyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useNameSuggestions, usePagedList } from '../../../lib/paging';

export const toolKeys = { all: ['tools'] as const };

export function useToolPage(q: string, page: number, withQuantity?: 'damaged' | 'returned' | 'issued') {
  return usePagedList<Tool, { tools: Tool[] }>({
    key: toolKeys.all,
    path: '/api/tools/view-tools',
    q,
    page,
    extra: { with: withQuantity },
    rowsOf: (data) => data.tools,
  });
}

export function useToolSuggestions(q: string) {
  return useNameSuggestions<{ tools: Tool[] }>({
    key: toolKeys.all,
    path: '/api/tools/view-tools',
    q,
    namesOf: (data) => data.tools.map((tool) => tool.name),
  });
}

export function useCreateTool(isAdmin: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ToolCreateRequest) =>
      apiFetch<ToolMovementResponse>(isAdmin ? '/api/tools/add-tools' : '/api/user/add-tools', {
        method: 'POST',
        body: input,
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export type ToolMovement = 'issue' | 'damage' | 'return';

function movementRequest(kind: ToolMovement, tool: Tool, quantity: number, reason: string): [string, object] {
  switch (kind) {
    case 'issue':
      return ['/api/user/add-consumed-tool', { toolId: tool._id, quantity }];
    case 'damage':
      return ['/api/user/add-damaged-tool', { toolId: tool._id, damagedQuantity: quantity, damagedReason: reason }];
    case 'return':
      return ['/api/user/add-refund-tool', { toolId: tool._id, refundQuantity: quantity }];
  }
}

export function useMoveTool(kind: ToolMovement) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tool, quantity, reason, idempotencyKey }: { tool: Tool; quantity: number; reason: string; idempotencyKey: string }) => {
      const [path, body] = movementRequest(kind, tool, quantity, reason);
      return apiFetch<ToolMovementResponse>(path, { method: 'POST', body, idempotencyKey });
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
