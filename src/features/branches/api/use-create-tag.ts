// POST /repos/{owner}/{repo}/tags: a tag on a branch, tag or commit (annotated when there is a message).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useCreateTag(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; target: string; message: string }) =>
      (
        await api().POST('/repos/{owner}/{repo}/tags', {
          params: { path: { owner, repo } },
          body: { tag_name: input.name, target: input.target || undefined, message: input.message || undefined },
        })
      ).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
  });
}
