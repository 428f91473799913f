// The author of a commit: their account when the forge knows the email, else the git name.
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/lib/paths';
import type { Commit } from '../api/commit-queries';

export function CommitAuthor({ commit, size = 20 }: { commit: Commit; size?: number }) {
  const account = commit.author;
  const name = commit.commit.author?.name || account?.login || 'Unknown';
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <Avatar src={account?.avatar_url} name={name} size={size} />
      {account?.login ? (
        <Link to={paths.user.href(account.login)} className="truncate font-medium hover:underline">
          {account.login}
        </Link>
      ) : (
        <span className="truncate font-medium">{name}</span>
      )}
    </span>
  );
}
