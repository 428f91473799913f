// PATCH /repos/{owner}/{repo}: only the fields sent change (settings, archive, rename).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';
import { repoQueries } from './repo-queries';

export type EditRepoInput = NonNullable<paths['/repos/{owner}/{repo}']['patch']['requestBody']>['content']['application/json'];

export function useEditRepo(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: EditRepoInput) => (await api().PATCH('/repos/{owner}/{repo}', { params: { path: { owner, repo } }, body })).data!,
    onSuccess: (updated) => {
      // Seed the (possibly new) name's cache so the page after a rename opens at once.
      qc.setQueryData(repoQueries.detail(updated.owner.login, updated.name).queryKey, updated);
      qc.invalidateQueries({ queryKey: ['repos', 'search'] });
      // After a rename the old name answers 404; its queries are left to expire rather than refetched.
      if (updated.name === repo) qc.invalidateQueries({ queryKey: ['repos', owner, repo], predicate: (q) => q.queryKey[3] !== 'detail' });
    },
  });
}
