// DELETE /repos/{owner}/{repo}/collaborators/{collaborator}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collabRequest } from './collaborator-api';

export function useRemoveCollaborator(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (username: string) => {
      await collabRequest('DELETE', '/repos/{owner}/{repo}/collaborators/{collaborator}', { params: { path: { owner, repo, collaborator: username } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo, 'collaborators'] }),
  });
}
