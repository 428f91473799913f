// A user's card on their profile: avatar, names, about text, location, website, joined date,
// follower counts (links to those tabs) and the follow button.
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
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

const pinIcon =
  'm12.596 11.596-3.535 3.536a1.5 1.5 0 0 1-2.122 0l-3.535-3.536a6.5 6.5 0 1 1 9.192-9.193 6.5 6.5 0 0 1 0 9.193Zm-1.06-8.132v-.001a5 5 0 1 0-7.072 7.072L8 14.07l3.536-3.534a5 5 0 0 0 0-7.072ZM8 9a2 2 0 1 1-.001-3.999A2 2 0 0 1 8 9Z';
const linkIcon =
  'm7.775 3.275 1.25-1.25a3.5 3.5 0 1 1 4.95 4.95l-2.5 2.5a3.5 3.5 0 0 1-4.95 0 .751.751 0 0 1 .018-1.042.751.751 0 0 1 1.042-.018 1.998 1.998 0 0 0 2.83 0l2.5-2.5a2.002 2.002 0 0 0-2.83-2.83l-1.25 1.25a.751.751 0 0 1-1.042-.018.751.751 0 0 1-.018-1.042Zm-4.69 9.64a1.998 1.998 0 0 0 2.83 0l1.25-1.25a.751.751 0 0 1 1.042.018.751.751 0 0 1 .018 1.042l-1.25 1.25a3.5 3.5 0 1 1-4.95-4.95l2.5-2.5a3.5 3.5 0 0 1 4.95 0 .751.751 0 0 1-.018 1.042.751.751 0 0 1-1.042.018 1.998 1.998 0 0 0-2.83 0l-2.5 2.5a1.998 1.998 0 0 0 0 2.83Z';

const Glyph = ({ d }: { d: string }) => (
  <svg aria-hidden viewBox="0 0 16 16" width="14" height="14" fill="currentColor" className="mr-1 inline-block align-[-2px]">
    <path d={d} />
  </svg>
);

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
              <Glyph d={pinIcon} />
              {user.location}
            </li>
          )}
          {user.website && (
            <li className="break-all">
              <span className="sr-only">Website: </span>
              <Glyph d={linkIcon} />
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
