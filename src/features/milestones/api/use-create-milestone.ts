// POST /repos/{owner}/{repo}/milestones.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export function useCreateMilestone(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: components['schemas']['CreateMilestoneOption']) =>
      (await api().POST('/repos/{owner}/{repo}/milestones', { params: { path: { owner, repo } }, body })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo, 'milestones'] }),
  });
}
