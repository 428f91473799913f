// POST /orgs/{org}/repos: a repository owned by the organization (owners and teams that may create).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export interface CreateOrgRepoInput {
  name: string;
  description?: string;
  private?: boolean;
  auto_init?: boolean;
  default_branch?: string;
}

export function useCreateOrgRepo(org: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateOrgRepoInput) => (await api().POST('/orgs/{org}/repos', { params: { path: { org } }, body })).data!,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['orgs', org, 'repos'] });
      await qc.invalidateQueries({ queryKey: ['repos', 'search'] });
    },
  });
}
