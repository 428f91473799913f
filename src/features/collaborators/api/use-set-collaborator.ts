// PUT /repos/{owner}/{repo}/collaborators/{collaborator} {permission}: add someone or change their permission.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { CollaboratorPermission } from './collaborator-api';

export function useSetCollaborator(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, permission }: { username: string; permission: CollaboratorPermission }) => {
      await api().PUT('/repos/{owner}/{repo}/collaborators/{collaborator}', {
        params: { path: { owner, repo, collaborator: username } },
        body: { permission },
      });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo, 'collaborators'] }),
  });
}
