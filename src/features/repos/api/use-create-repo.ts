// POST /user/repos: creates a repository owned by the signed-in user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';

export type CreateRepoInput = paths['/user/repos']['post']['requestBody']['content']['application/json'];

export function useCreateRepo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateRepoInput) => (await api().POST('/user/repos', { body })).data!,
    // Every repository list (dashboard, profile, explore) may now include it.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', 'search'] }),
  });
}
