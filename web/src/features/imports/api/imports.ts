import type { ImportPreview, ImportRequest, ImportResult } from '@stockyard/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { useStockMutation } from '../../../lib/stock-mutation';

/** What importing the file would record, with each row's problems; nothing is written. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (request: ImportRequest) => apiFetch<ImportPreview>('/api/imports/preview', { method: 'POST', body: request }),
  });
}

/** Imports every row or none; every stock list is fetched again after. */
export function useRunImport() {
  return useStockMutation(({ idempotencyKey, ...request }: ImportRequest & { idempotencyKey: string }) =>
    apiFetch<ImportResult>('/api/imports', { method: 'POST', body: request, idempotencyKey }),
  );
}

/** A file's bytes as base64, read by the browser off the main thread. */
export function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
