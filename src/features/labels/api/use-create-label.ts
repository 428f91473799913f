// POST /repos/{owner}/{repo}/labels.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export function useCreateLabel(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: components['schemas']['CreateLabelOption']) =>
      (await api().POST('/repos/{owner}/{repo}/labels', { params: { path: { owner, repo } }, body })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo, 'labels'] }),
  });
}
