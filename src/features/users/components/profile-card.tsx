// A user's card on their profile: avatar, names, about text, location, website, joined date,
// follower counts (links to those tabs) and the follow button.
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { LinkIcon, LocationIcon } from '@/components/ui/octicons';
import type { User } from '../api/user-queries';
import { FollowButton } from './follow-button';
import { UserOrgs } from './user-orgs';

const dateFmt = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' });

/** Only web links become anchors, so a profile cannot smuggle in javascript: URLs. */
function webUrl(site: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(site) ? site : `https://${site}`;
  try {
    const u = new URL(withScheme);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

const iconClass = 'mr-1 inline-block align-[-2px]';

export function ProfileCard({ user }: { user: User }) {
  const site = user.website ? webUrl(user.website) : null;
  const joined = Date.parse(user.created);
  return (
    <section aria-label="Profile" className="flex flex-row items-start gap-4 md:flex-col">
      <div className="shrink-0 md:w-full">
        <Avatar src={user.avatar_url} name={user.login} size={96} />
      </div>
      <div className="min-w-0 space-y-3">
        <h1 className="break-words leading-tight">
          <span className="block text-xl font-semibold">{user.full_name || user.login}</span>
          {user.full_name && <span className="block text-base font-normal text-gray-600 dark:text-gray-400">{user.login}</span>}
        </h1>
        {user.description && <p className="whitespace-pre-line break-words text-sm text-gray-700 dark:text-gray-300">{user.description}</p>}
        <ul className="space-y-1 text-sm text-gray-600 dark:text-gray-400">
          {user.location && (
            <li>
              <span className="sr-only">Location: </span>
              <LocationIcon className={iconClass} />
              {user.location}
            </li>
          )}
          {user.website && (
            <li className="break-all">
              <span className="sr-only">Website: </span>
              <LinkIcon className={iconClass} />
              {site ? (
                <a href={site} rel="noopener noreferrer nofollow" target="_blank" className="text-indigo-700 hover:underline dark:text-indigo-400">
                  {user.website}
                </a>
              ) : (
                user.website
              )}
            </li>
          )}
          {Number.isFinite(joined) && joined > 0 && (
            <li>
              Joined <time dateTime={user.created}>{dateFmt.format(joined)}</time>
            </li>
          )}
          <li>
            <Link to="?tab=followers" className="hover:text-indigo-700 dark:hover:text-indigo-400">
              <strong className="text-gray-900 dark:text-gray-100">{user.followers_count}</strong> {user.followers_count === 1 ? 'follower' : 'followers'}
            </Link>
            {' · '}
            <Link to="?tab=following" className="hover:text-indigo-700 dark:hover:text-indigo-400">
              <strong className="text-gray-900 dark:text-gray-100">{user.following_count}</strong> following
            </Link>
          </li>
        </ul>
        <FollowButton username={user.login} />
        <UserOrgs username={user.login} />
      </div>
    </section>
  );
}
