// Add (POST /user/keys) and delete (DELETE /user/keys/{id}) the signed-in user's SSH keys.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/auth-store';
import { loose, p } from '@/lib/api/untyped';
import type { PublicKey } from './gitea-types';

function useInvalidateKeys() {
  const qc = useQueryClient();
  const me = useSession()?.login;
  return () => qc.invalidateQueries({ queryKey: ['users', me, 'keys'] });
}

export function useAddSshKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: async (body: { title: string; key: string }) => (await loose().POST('/user/keys', { body })).data as PublicKey,
    onSuccess: invalidate,
  });
}

export function useDeleteSshKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: async (id: number) => {
      await loose().DELETE(p`/user/keys/${id}`);
    },
    onSuccess: invalidate,
  });
}
