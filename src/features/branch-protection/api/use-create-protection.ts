// POST /repos/{owner}/{repo}/branch_protections: a new rule. Branches' protection changes too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { CreateBranchProtection } from './protection-queries';

export function useCreateProtection(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateBranchProtection) =>
      (await api().POST('/repos/{owner}/{repo}/branch_protections', { params: { path: { owner, repo } }, body })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
  });
}
