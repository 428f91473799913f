// One release as the list and the release page show it: title, badges (Latest, Pre-release,
// Draft), tag and commit, publisher and time, the notes (Markdown, rendered by the page), the
// assets with their sizes, and the source archives.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { RelativeTime } from '@/components/ui/relative-time';
import type { Release } from '../api/release-queries';

export function formatSize(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `${(n / 1024 ** 3).toFixed(1)} GiB`;
}

function Badge({ tone, children }: { tone: 'green' | 'amber' | 'gray'; children: ReactNode }) {
  const cls = {
    green: 'border-green-600 text-green-800 dark:border-green-500 dark:text-green-300',
    amber: 'border-amber-500 text-amber-800 dark:border-amber-500 dark:text-amber-300',
    gray: 'border-gray-400 text-gray-700 dark:border-gray-500 dark:text-gray-300',
  }[tone];
  return <span className={`rounded-full border px-2 py-0.5 text-xs font-medium ${cls}`}>{children}</span>;
}

export function ReleaseCard({
  owner,
  repo,
  release,
  latest,
  canWrite,
  renderNotes,
  headingLevel = 2,
}: {
  owner: string;
  repo: string;
  release: Release;
  latest: boolean;
  canWrite: boolean;
  renderNotes: (source: string) => ReactNode;
  headingLevel?: 1 | 2;
}) {
  const title = release.name || release.tag_name;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article aria-labelledby={`release-${release.id}`} className="rounded-lg border border-gray-200 dark:border-gray-800">
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-gray-200 px-4 py-3 dark:border-gray-800">
        <div className="min-w-0">
          <Heading id={`release-${release.id}`} className="flex flex-wrap items-center gap-2 text-lg font-semibold break-all">
            <Link to={paths.release.href(owner, repo, release.tag_name)} className="text-gray-900 hover:underline dark:text-gray-100">
              {title}
            </Link>
            {latest && <Badge tone="green">Latest</Badge>}
            {release.prerelease && <Badge tone="amber">Pre-release</Badge>}
            {release.draft && <Badge tone="gray">Draft</Badge>}
          </Heading>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-gray-600 dark:text-gray-400">
            <Link to={paths.src.href(owner, repo, 'tag', release.tag_name)} className="font-mono hover:underline" aria-label={`Tag ${release.tag_name}`}>
              {release.tag_name}
            </Link>
            <span>
              {release.draft ? 'Drafted' : 'Published'} by{' '}
              <Link to={paths.user.href(release.author.login)} className="font-medium hover:underline">
                {release.author.login}
              </Link>{' '}
              <RelativeTime date={release.published_at} />
            </span>
          </p>
        </div>
        {canWrite && (
          <Link
            to={paths.releaseEdit.href(owner, repo, release.tag_name)}
            className="rounded-md border border-gray-300 px-2.5 py-1 text-xs font-medium text-gray-800 hover:bg-gray-50 dark:border-gray-700 dark:text-gray-200 dark:hover:bg-gray-800"
            aria-label={`Edit release ${title}`}
          >
            Edit
          </Link>
        )}
      </header>
      <div className="px-4 py-3">
        {release.body.trim() ? renderNotes(release.body) : <p className="text-sm text-gray-600 italic dark:text-gray-400">No release notes.</p>}
      </div>
      <section aria-label={`Assets of ${title}`} className="border-t border-gray-200 px-4 py-3 dark:border-gray-800">
        <h3 className="mb-2 text-sm font-semibold">Assets</h3>
        <ul className="space-y-1 text-sm">
          {release.assets.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2">
              <a href={a.browser_download_url} download={a.name} className="font-medium break-all text-indigo-700 hover:underline dark:text-indigo-300">
                {a.name}
              </a>
              <span className="text-xs text-gray-600 dark:text-gray-400">{formatSize(a.size)}</span>
            </li>
          ))}
          {!release.draft && (
            <>
              <li>
                <a href={release.zipball_url} className="text-indigo-700 hover:underline dark:text-indigo-300">
                  Source code (ZIP)
                </a>
              </li>
              <li>
                <a href={release.tarball_url} className="text-indigo-700 hover:underline dark:text-indigo-300">
                  Source code (TAR.GZ)
                </a>
              </li>
            </>
          )}
        </ul>
      </section>
    </article>
  );
}
