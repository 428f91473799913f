// PATCH /repos/{owner}/{repo}/branch_protections/{name}: only the fields sent change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EditBranchProtection } from './protection-queries';

export function useEditProtection(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, changes }: { name: string; changes: EditBranchProtection }) =>
      (await api().PATCH('/repos/{owner}/{repo}/branch_protections/{name}', { params: { path: { owner, repo, name } }, body: changes })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
  });
}
