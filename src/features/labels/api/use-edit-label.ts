// PATCH /repos/{owner}/{repo}/labels/{id}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export function useEditLabel(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: components['schemas']['EditLabelOption'] & { id: number }) =>
      (await api().PATCH('/repos/{owner}/{repo}/labels/{id}', { params: { path: { owner, repo, id } }, body })).data!,
    // Issues carry their labels inline, so lists showing the old name or colour refresh too.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
  });
}
