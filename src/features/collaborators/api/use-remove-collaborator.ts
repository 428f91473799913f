// DELETE /repos/{owner}/{repo}/collaborators/{collaborator}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useRemoveCollaborator(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (username: string) => {
      await api().DELETE('/repos/{owner}/{repo}/collaborators/{collaborator}', { params: { path: { owner, repo, collaborator: username } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo, 'collaborators'] }),
  });
}
