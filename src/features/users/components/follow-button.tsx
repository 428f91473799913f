// Follow/Unfollow for a signed-in visitor on someone else's profile; "Edit profile" on your own;
// nothing for a signed-out visitor (the server would refuse them anyway).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { userQueries } from '../api/user-queries';
import { useFollowUser } from '../api/use-follow-user';

export function FollowButton({ username }: { username: string }) {
  const session = useSession();
  const self = !!session && session.login.toLowerCase() === username.toLowerCase();
  const { data: following } = useQuery({ ...userQueries.followedByMe(username), enabled: !!session && !self });
  const follow = useFollowUser(username);
  // On your own profile, the way to change it instead.
  if (self)
    return (
      <Link to={paths.userSettings.href()} className={`${buttonClass('secondary')} w-full`}>
        Edit profile
      </Link>
    );
  if (!session || following === undefined) return null;
  return (
    <div className="space-y-2">
      <Button className="w-full" variant={following ? 'secondary' : 'primary'} disabled={follow.isPending} onClick={() => follow.mutate(!following)}>
        {following ? 'Unfollow' : 'Follow'}
      </Button>
      <ErrorNotice error={follow.error} />
    </div>
  );
}
