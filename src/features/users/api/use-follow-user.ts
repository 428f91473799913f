// Follow or unfollow a user (PUT/DELETE /user/following/{username}); both sides' counts change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/auth-store';
import { loose, p } from '@/lib/api/untyped';
import { userQueries } from './user-queries';

export function useFollowUser(username: string) {
  const qc = useQueryClient();
  const me = useSession()?.login;
  return useMutation({
    mutationFn: async (follow: boolean) => {
      await (follow ? loose().PUT(p`/user/following/${username}`) : loose().DELETE(p`/user/following/${username}`));
      return follow;
    },
    onSuccess: (follow) => {
      qc.setQueryData(userQueries.followedByMe(username).queryKey, follow);
      qc.invalidateQueries({ queryKey: ['users', username] });
      if (me) qc.invalidateQueries({ queryKey: ['users', me] });
    },
  });
}
