// POST /repos/{template_owner}/{template_repo}/generate: a new repository from a template.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';

type GeneratePath = paths['/repos/{template_owner}/{template_repo}/generate']['post'];
export type GenerateRepoInput = GeneratePath['requestBody']['content']['application/json'];

export function useGenerateRepo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ templateOwner, templateRepo, body }: { templateOwner: string; templateRepo: string; body: GenerateRepoInput }) =>
      (
        await api().POST('/repos/{template_owner}/{template_repo}/generate', {
          params: { path: { template_owner: templateOwner, template_repo: templateRepo } },
          body,
        })
      ).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', 'search'] }),
  });
}
