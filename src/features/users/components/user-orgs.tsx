// The organizations on a profile card: avatars linking to each organization's page. Nothing when
// there are none (or the server has no organizations).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/lib/paths';
import { userQueries } from '../api/user-queries';

export function UserOrgs({ username }: { username: string }) {
  const { data: orgs } = useQuery(userQueries.orgs(username));
  if (!orgs?.length) return null;
  return (
    <div className="space-y-1.5">
      <h2 className="text-sm font-semibold">Organizations</h2>
      <ul aria-label={`Organizations of ${username}`} className="flex flex-wrap gap-1.5">
        {orgs.map((o) => (
          <li key={o.id}>
            <Link
              to={paths.user.href(o.name)}
              aria-label={o.full_name || o.name}
              title={o.full_name || o.name}
              className="block rounded-md hover:ring-2 hover:ring-indigo-400"
            >
              <Avatar src={o.avatar_url} name={o.name} size={32} />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
