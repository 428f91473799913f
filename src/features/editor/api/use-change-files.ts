// POST /repos/{owner}/{repo}/contents (Gitea's ChangeFiles): one commit that creates, updates or
// deletes files, on a branch or on a new branch started from it. Every editing page commits here.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type ChangeFilesOptions = components['schemas']['ChangeFilesOptions'];
export type FilesResponse = components['schemas']['FilesResponse'];

export function useChangeFiles(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChangeFilesOptions): Promise<FilesResponse> =>
      (await api().POST('/repos/{owner}/{repo}/contents', { params: { path: { owner, repo } }, body })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
  });
}
