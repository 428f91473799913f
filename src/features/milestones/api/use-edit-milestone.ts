// PATCH /repos/{owner}/{repo}/milestones/{id}: edit, close (state: closed) and reopen.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export function useEditMilestone(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: components['schemas']['EditMilestoneOption'] & { id: number }) =>
      (await api().PATCH('/repos/{owner}/{repo}/milestones/{id}', { params: { path: { owner, repo, id: String(id) } }, body })).data!,
    // Issues embed their milestone, so lists refresh along with the milestone pages.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
  });
}
