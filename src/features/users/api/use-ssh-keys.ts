// Add (POST /user/keys) and delete (DELETE /user/keys/{id}) the signed-in user's SSH keys.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/auth-store';
import { api } from '@/lib/api/client';

function useInvalidateKeys() {
  const qc = useQueryClient();
  const me = useSession()?.login;
  return () => qc.invalidateQueries({ queryKey: ['users', me, 'keys'] });
}

export function useAddSshKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: async (body: { title: string; key: string }) => (await api().POST('/user/keys', { body })).data!,
    onSuccess: invalidate,
  });
}

export function useDeleteSshKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: async (id: number) => {
      await api().DELETE('/user/keys/{id}', { params: { path: { id } } });
    },
    onSuccess: invalidate,
  });
}
