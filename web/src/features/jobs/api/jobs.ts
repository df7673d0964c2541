import type {
  CostCode,
  CostCodeImportRequest,
  CostCodeImportResponse,
  CostCodeListResponse,
  CostCodeResponse,
  Job,
  JobCostResponse,
  JobCreateRequest,
  JobListResponse,
  JobResponse,
  JobUpdateRequest,
} from '@stockyard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, searchOf } from '../../../lib/api';
import { STOCK_QUERIES } from '../../../lib/query-keys';
import { useKeptList } from '../../offline';

const jobKeys = { open: ['jobs', 'open'] as const, all: ['jobs', 'all'] as const, codes: ['cost-codes'] as const };

/** The open jobs of the caller's stores, and the company's cost codes: the server's, or with no signal the phone's kept lists. */
export function useJobChoices(): { jobs: Job[]; costCodes: CostCode[] } {
  const jobs = useQuery({
    queryKey: jobKeys.open,
    queryFn: () => apiFetch<JobListResponse>('/api/jobs?active=true').then((answer) => answer.jobs),
  });
  const codes = useQuery({
    queryKey: jobKeys.codes,
    queryFn: () => apiFetch<CostCodeListResponse>('/api/cost-codes').then((answer) => answer.costCodes),
  });
  const keptJobs = useKeptList<Job>('jobs', jobs).kept;
  const keptCodes = useKeptList<CostCode>('costCodes', codes).kept;
  return { jobs: keptJobs?.rows ?? jobs.data ?? [], costCodes: keptCodes?.rows ?? codes.data ?? [] };
}

/** Every job the caller may see, open or closed. */
export function useAllJobs() {
  return useQuery({
    queryKey: jobKeys.all,
    queryFn: () => apiFetch<JobListResponse>('/api/jobs').then((answer) => answer.jobs),
  });
}

export type JobCostQuery = { jobId: string; groupBy: string; from?: string; to?: string };
const costSearch = ({ groupBy, from, to }: JobCostQuery) => `?${searchOf({ groupBy, from, to })}`;

/** What a job cost, grouped: read again after a stock change, as every line is one of the ledger's. */
export function useJobCost(query: JobCostQuery | null) {
  return useQuery({
    queryKey: [...STOCK_QUERIES, 'job-cost', query],
    queryFn: () => apiFetch<JobCostResponse>(`/api/jobs/${query?.jobId}/cost${costSearch(query as JobCostQuery)}`),
    enabled: query !== null,
  });
}

function useJobMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['jobs'] });
      await queryClient.invalidateQueries({ queryKey: jobKeys.codes });
    },
  });
}

/** Creates a job, once however often it is sent (its idempotency key). */
export function useCreateJob() {
  return useJobMutation(({ idempotencyKey, ...body }: JobCreateRequest & { idempotencyKey: string }) =>
    apiFetch<JobResponse>('/api/jobs', { method: 'POST', body, idempotencyKey }),
  );
}

/** Changes a job: its fields, or closes or reopens it. */
export function useUpdateJob() {
  return useJobMutation(({ id, ...body }: JobUpdateRequest & { id: string }) =>
    apiFetch<JobResponse>(`/api/jobs/${id}`, { method: 'PUT', body }),
  );
}

/** Every cost code of the company. */
export function useCostCodes() {
  return useQuery({
    queryKey: jobKeys.codes,
    queryFn: () => apiFetch<CostCodeListResponse>('/api/cost-codes').then((answer) => answer.costCodes),
  });
}

export function useCreateCostCode() {
  return useJobMutation(({ idempotencyKey, ...body }: { code: string; name: string; idempotencyKey: string }) =>
    apiFetch<CostCodeResponse>('/api/cost-codes', { method: 'POST', body, idempotencyKey }),
  );
}

/** Adds a spreadsheet's cost codes to the company's list, all or none. */
export function useImportCostCodes() {
  return useJobMutation(({ idempotencyKey, ...body }: CostCodeImportRequest & { idempotencyKey: string }) =>
    apiFetch<CostCodeImportResponse>('/api/cost-codes/import', { method: 'POST', body, idempotencyKey }),
  );
}
