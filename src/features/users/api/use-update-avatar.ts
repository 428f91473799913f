// POST /user/avatar with the image as base64 (Gitea's UpdateUserAvatarOption), or DELETE it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/auth-store';
import { api } from '@/lib/api/client';

/** The file's bytes as plain base64 (no data: prefix), as Gitea expects. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

export function useUpdateAvatar() {
  const qc = useQueryClient();
  const me = useSession()?.login;
  return useMutation({
    mutationFn: async (file: Blob | null) => {
      if (file) await api().POST('/user/avatar', { body: { image: await fileToBase64(file) } });
      else await api().DELETE('/user/avatar');
    },
    onSuccess: () => {
      if (me) qc.invalidateQueries({ queryKey: ['users', me] });
      qc.invalidateQueries({ queryKey: ['users', 'me'] });
    },
  });
}
