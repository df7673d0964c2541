import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STOCK_QUERIES } from './query-keys';

/** A mutation that changes stock: on success every stock query (lists, history, reports) is fetched again. */
export function useStockMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: STOCK_QUERIES }) });
}
