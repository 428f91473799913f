// POST /user/repos, or POST /orgs/{org}/repos when the form's owner is an organization.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';

export type CreateRepoInput = paths['/user/repos']['post']['requestBody']['content']['application/json'];

export function useCreateRepo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, org }: { body: CreateRepoInput; org?: string }) =>
      org ? (await api().POST('/orgs/{org}/repos', { params: { path: { org } }, body })).data! : (await api().POST('/user/repos', { body })).data!,
    // Every repository list (dashboard, profile, explore, an organization's) may now include it.
    onSuccess: async (_repo, { org }) => {
      if (org) await qc.invalidateQueries({ queryKey: ['orgs', org, 'repos'] });
      await qc.invalidateQueries({ queryKey: ['repos', 'search'] });
    },
  });
}
