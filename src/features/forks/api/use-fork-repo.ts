// POST /repos/{owner}/{repo}/forks (Gitea answers 202 with the new repository). Gitea's fork option
// has no description, so a description typed in the form is set on the new fork afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Repository } from './fork-queries';

export interface ForkInput {
  /** An organization to fork into; absent forks into the signed-in user. */
  organization?: string;
  name: string;
  description: string;
}

export function useForkRepo(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ organization, name, description }: ForkInput): Promise<Repository> => {
      const fork = (
        await api().POST('/repos/{owner}/{repo}/forks', { params: { path: { owner, repo } }, body: { ...(organization ? { organization } : {}), name } })
      ).data!;
      if (description === fork.description) return fork;
      return (await api().PATCH('/repos/{owner}/{repo}', { params: { path: { owner: fork.owner.login, repo: fork.name } }, body: { description } })).data!;
    },
    onSuccess: () => {
      // The parent's forks_count and fork list both moved.
      void qc.invalidateQueries({ queryKey: ['repos', owner, repo] });
    },
  });
}
