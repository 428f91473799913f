// PATCH /user/settings: the signed-in user's profile fields.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/auth-store';
import { api } from '@/lib/api/client';
import type { UserSettingsInput } from './gitea-types';

export function useEditUserSettings() {
  const qc = useQueryClient();
  const me = useSession()?.login;
  return useMutation({
    mutationFn: async (body: UserSettingsInput) => (await api().PATCH('/user/settings', { body })).data!,
    onSuccess: () => {
      // The profile card and the top bar read the user object, which carries the same fields.
      if (me) qc.invalidateQueries({ queryKey: ['users', me] });
      qc.invalidateQueries({ queryKey: ['users', 'me'] });
    },
  });
}
