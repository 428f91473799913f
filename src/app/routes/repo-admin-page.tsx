// The frame of a repository settings page that only its admins may open (collaborators, webhooks):
// the loader's admin check (404 for everyone else, as Gitea answers), the "Settings / …" trail,
// the heading and the document title.
import type { ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { data, Link, useParams, type Params } from 'react-router';
import { queryClient } from '../query-client';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { NotFoundPage } from './not-found';

/** For a loader: the owner and name, once the viewer is known to administer the repository. */
export async function ensureRepoAdmin(params: Params): Promise<{ owner: string; repo: string }> {
  const { owner, repo } = params as { owner: string; repo: string };
  const r = await queryClient.ensureQueryData(repoQueries.detail(owner, repo));
  if (!r.permissions.admin) throw data(null, { status: 404 });
  return { owner, repo };
}

export function useRepoParams() {
  return useParams() as { owner: string; repo: string };
}

export function RepoAdminPage({ title, children }: { title: string; children: ReactNode }) {
  const { owner, repo } = useRepoParams();
  const { data: r } = useSuspenseQuery(repoQueries.detail(owner, repo));
  useDocumentTitle(`${title} · ${owner}/${repo}`);
  if (!r.permissions.admin) return <NotFoundPage />;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <nav aria-label="Settings" className="text-sm">
        <Link to={paths.settings.href(owner, repo)} className="text-indigo-700 underline dark:text-indigo-400">
          Settings
        </Link>{' '}
        / {title}
      </nav>
      <h1 className="text-lg font-semibold">{title}</h1>
      {children}
    </div>
  );
}
