// The top of every repository page: owner/name, badges, description, counts, clone box, and tabs.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import type { Repository } from '../api/repo-queries';
import { CloneBox } from './clone-box';
import { RepoStarButton, RepoWatchButton } from './repo-star-button';
import { RepoTopics } from './repo-topics';
import { LanguageBar } from './language-bar';
import { TabScroller } from './tab-scroller';

export type RepoTab = 'code' | 'issues' | 'pulls' | 'commits' | 'branches' | 'releases' | 'activity' | 'settings';

const tabBySegment: Record<string, RepoTab> = {
  '': 'code',
  src: 'code',
  blame: 'code',
  tags: 'code',
  search: 'code',
  releases: 'releases',
  commits: 'commits',
  commit: 'commits',
  branches: 'branches',
  issues: 'issues',
  labels: 'issues',
  milestones: 'issues',
  milestone: 'issues',
  pulls: 'pulls',
  compare: 'pulls',
  forks: 'code',
  fork: 'code',
  activity: 'activity',
  settings: 'settings',
};

/** Which tab a URL under /{owner}/{repo} belongs to. */
export function activeTab(pathname: string): RepoTab | null {
  return tabBySegment[pathname.split('/')[3] ?? ''] ?? null;
}

/**
 * `forkButton` is the forks feature's button and count (routes compose features); without it the
 * count shows alone. `compact` (a page below the repository's home): on a phone only the name and
 * the tabs show, so the page's own title comes near the top; from sm up nothing changes.
 */
export function RepoHeader({
  repo,
  active,
  forkButton,
  compact = false,
}: {
  repo: Repository;
  active: RepoTab | null;
  forkButton?: ReactNode;
  compact?: boolean;
}) {
  const owner = repo.owner.login;
  const wide = compact ? 'hidden sm:block' : '';
  return (
    <div className={`${compact ? 'mb-3 sm:mb-5' : 'mb-5'} border-b border-gray-200 dark:border-gray-800`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className={`flex flex-wrap items-center gap-x-1.5 gap-y-1 break-all ${compact ? 'text-base sm:text-xl' : 'text-xl'}`}>
            <Link to={paths.user.href(owner)} className="text-indigo-600 hover:underline dark:text-indigo-400">
              {owner}
            </Link>
            <span className="text-gray-400"> / </span>
            <Link to={paths.repo.href(owner, repo.name)} className="font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
              {repo.name}
            </Link>{' '}
            {repo.private && <Badge>Private</Badge>}
            {repo.archived && <Badge tone="amber">Archived</Badge>}
            {repo.fork && <Badge>Fork</Badge>}
            {repo.template && <Badge>Template</Badge>}
          </h1>
          {repo.fork && repo.parent && (
            <p className={`mt-0.5 text-xs text-gray-600 dark:text-gray-400 ${wide}`}>
              forked from{' '}
              <Link to={paths.repo.href(repo.parent.owner.login, repo.parent.name)} className="text-indigo-600 hover:underline dark:text-indigo-400">
                {repo.parent.full_name}
              </Link>
            </p>
          )}
          {repo.description && <p className={`mt-1 text-sm text-gray-600 dark:text-gray-400 ${wide}`}>{repo.description}</p>}
          {repo.website && (
            <a
              href={repo.website}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className={`mt-1 text-sm break-all text-indigo-600 hover:underline dark:text-indigo-400 ${compact ? 'hidden sm:inline-block' : 'inline-block'}`}
            >
              {repo.website}
            </a>
          )}
          {/* On the repository's home, as Gitea. */}
          {!compact && <RepoTopics repo={repo} />}
          {!compact && !repo.empty && <LanguageBar owner={owner} repo={repo.name} />}
        </div>
        <div className={`${compact ? 'hidden sm:flex' : 'flex'} shrink-0 flex-wrap items-center gap-2 text-xs`}>
          <RepoWatchButton repo={repo} />
          <RepoStarButton repo={repo} />
          {forkButton ?? (
            <dl>
              <Count label="Forks" value={repo.forks_count} icon={forkIcon} />
            </dl>
          )}
        </div>
      </div>
      {/* Empty ones too: a visitor may clone it now and pull once something is pushed. */}
      <div className={`mt-3 ${wide}`}>
        <CloneBox httpsUrl={repo.clone_url} sshUrl={repo.ssh_url || undefined} />
      </div>
      <RepoTabs repo={repo} active={active} compact={compact} />
    </div>
  );
}

function Badge({ children, tone = 'gray' }: { children: ReactNode; tone?: 'gray' | 'amber' }) {
  const cls =
    tone === 'amber'
      ? 'border-amber-400 text-amber-700 dark:border-amber-600 dark:text-amber-400'
      : 'border-gray-300 text-gray-600 dark:border-gray-600 dark:text-gray-400';
  return (
    <>
      {' '}
      <span className={`rounded-full border px-2 py-0.5 text-xs font-medium ${cls}`}>{children}</span>
    </>
  );
}

const forkIcon =
  'M5 5.372v.878c0 .414.336.75.75.75h4.5a.75.75 0 0 0 .75-.75v-.878a2.25 2.25 0 1 1 1.5 0v.878a2.25 2.25 0 0 1-2.25 2.25h-1.5v2.128a2.251 2.251 0 1 1-1.5 0V8.5h-1.5A2.25 2.25 0 0 1 3.5 6.25v-.878a2.25 2.25 0 1 1 1.5 0ZM5 3.25a.75.75 0 1 0-1.5 0 .75.75 0 0 0 1.5 0Zm6.75.75a.75.75 0 1 0 0-1.5.75.75 0 0 0 0 1.5Zm-3 8.75a.75.75 0 1 0-1.5 0 .75.75 0 0 0 1.5 0Z';

function Count({ label, value, icon }: { label: string; value: number; icon: string }) {
  return (
    <div className="flex items-center gap-1 rounded-md border border-gray-300 px-2 py-1 dark:border-gray-700">
      <dt className="flex items-center gap-1">
        <svg aria-hidden viewBox="0 0 16 16" width="12" height="12" fill="currentColor" className="text-gray-500">
          <path d={icon} />
        </svg>
        {label}
      </dt>
      <dd className="rounded-full bg-gray-100 px-1.5 font-semibold dark:bg-gray-800">{value}</dd>
    </div>
  );
}

function RepoTabs({ repo, active, compact }: { repo: Repository; active: RepoTab | null; compact: boolean }) {
  const o = repo.owner.login;
  const r = repo.name;
  const tabs: { id: RepoTab; label: string; href: string; count?: number }[] = [
    { id: 'code', label: 'Code', href: paths.repo.href(o, r) },
    ...(repo.has_issues ? [{ id: 'issues' as const, label: 'Issues', href: paths.issues.href(o, r), count: repo.open_issues_count }] : []),
    ...(repo.has_pull_requests ? [{ id: 'pulls' as const, label: 'Pull requests', href: paths.pulls.href(o, r), count: repo.open_pr_counter }] : []),
    { id: 'commits', label: 'Commits', href: paths.commits.href(o, r, 'branch', repo.default_branch) },
    { id: 'branches', label: 'Branches', href: paths.branches.href(o, r) },
    ...(repo.has_releases !== false ? [{ id: 'releases' as const, label: 'Releases', href: paths.releases.href(o, r) }] : []),
    { id: 'activity', label: 'Activity', href: paths.activity.href(o, r) },
  ];
  if (repo.permissions?.admin) tabs.push({ id: 'settings', label: 'Settings', href: paths.settings.href(o, r) });
  return (
    <TabScroller label="Repository" className={`-mb-px ${compact ? 'mt-1 sm:mt-3' : 'mt-3'}`}>
      <ul className="flex min-w-max gap-1">
        {tabs.map((t) => {
          const on = t.id === active;
          return (
            <li key={t.id}>
              <Link
                to={t.href}
                aria-current={on ? 'page' : undefined}
                className={`block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                  on
                    ? 'border-indigo-500 text-gray-900 dark:text-gray-100'
                    : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900 dark:text-gray-400 dark:hover:border-gray-600 dark:hover:text-gray-100'
                }`}
              >
                {t.label}
                {t.count ? (
                  <span className="ml-1.5 rounded-full bg-gray-100 px-1.5 text-xs font-semibold text-gray-700 dark:bg-gray-800 dark:text-gray-300">
                    <span className="sr-only">, open: </span>
                    {t.count}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </TabScroller>
  );
}
