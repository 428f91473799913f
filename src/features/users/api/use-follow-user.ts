// Follow or unfollow a user (PUT/DELETE /user/following/{username}); both sides' counts change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useSession } from '@/lib/auth-store';
import { userQueries } from './user-queries';

export function useFollowUser(username: string) {
  const qc = useQueryClient();
  const me = useSession()?.login;
  return useMutation({
    mutationFn: async (follow: boolean) => {
      const init = { params: { path: { username } } };
      await (follow ? api().PUT('/user/following/{username}', init) : api().DELETE('/user/following/{username}', init));
      return follow;
    },
    onSuccess: (follow) => {
      qc.setQueryData(userQueries.followedByMe(username).queryKey, follow);
      qc.invalidateQueries({ queryKey: ['users', username] });
      if (me) qc.invalidateQueries({ queryKey: ['users', me] });
    },
  });
}
