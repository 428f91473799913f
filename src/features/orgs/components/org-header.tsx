// An organization's header: avatar, names, description, website, location, visibility, and the
// tabs of its pages. Icons are inline SVG: emoji show as empty boxes where no emoji font is installed.
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { TabLinks } from '@/components/ui/tab-links';
import { buttonClass } from '@/components/ui/button';
import { LinkIcon, LocationIcon } from '@/components/ui/octicons';
import { paths } from '@/lib/paths';
import type { Organization } from '../api/org-api';

export type OrgTab = 'repositories' | 'members' | 'teams' | 'activity' | 'settings';

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

export function VisibilityBadge({ visibility }: { visibility: string }) {
  if (visibility === 'public') return null;
  return (
    <span className="rounded-full border border-amber-400 px-2 py-0.5 text-xs font-medium text-amber-800 dark:border-amber-600 dark:text-amber-300">
      {visibility === 'private' ? 'Private' : 'Limited'}
    </span>
  );
}

export function OrgHeader({ org, current, isOwner, canCreateRepo }: { org: Organization; current: OrgTab; isOwner: boolean; canCreateRepo: boolean }) {
  const site = org.website ? webUrl(org.website) : null;
  const tabs = [
    { key: 'repositories', label: 'Repositories', to: paths.user.href(org.name) },
    { key: 'members', label: 'Members', to: paths.orgMembers.href(org.name) },
    { key: 'teams', label: 'Teams', to: paths.orgTeams.href(org.name) },
    { key: 'activity', label: 'Activity', to: `${paths.user.href(org.name)}?tab=activity` },
    ...(isOwner ? [{ key: 'settings', label: 'Settings', to: paths.orgSettings.href(org.name) }] : []),
  ];
  return (
    <header className="space-y-4">
      <div className="flex flex-wrap items-start gap-4">
        <Avatar src={org.avatar_url} name={org.name} size={72} />
        <div className="min-w-0 flex-1 basis-48 space-y-1">
          <h1 className="flex flex-wrap items-center gap-2 break-words text-xl font-semibold">
            {org.full_name || org.name}
            {org.full_name && <span className="text-base font-normal text-gray-600 dark:text-gray-400">{org.name}</span>}
            <VisibilityBadge visibility={org.visibility} />
          </h1>
          {org.description && <p className="whitespace-pre-line break-words text-sm text-gray-700 dark:text-gray-300">{org.description}</p>}
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-600 dark:text-gray-400">
            {org.location && (
              <li>
                <span className="sr-only">Location: </span>
                <LocationIcon className="mr-1 inline-block align-[-2px]" />
                {org.location}
              </li>
            )}
            {org.website && (
              <li className="break-all">
                <span className="sr-only">Website: </span>
                <LinkIcon className="mr-1 inline-block align-[-2px]" />
                {site ? (
                  <a href={site} rel="noopener noreferrer nofollow" target="_blank" className="text-indigo-700 hover:underline dark:text-indigo-400">
                    {org.website}
                  </a>
                ) : (
                  org.website
                )}
              </li>
            )}
          </ul>
        </div>
        {canCreateRepo && (
          <Link to={paths.orgNewRepo.href(org.name)} className={`${buttonClass('primary')} w-full sm:w-auto`}>
            New repository
          </Link>
        )}
      </div>
      <TabLinks label="Organization" tabs={tabs} current={current} />
    </header>
  );
}
