// /{owner}/{repo}/issues/new: the new-issue form with the Markdown editor composed in.
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/auth-store';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { labelQueries } from '@/features/labels/api/label-queries';
import { milestoneQueries } from '@/features/milestones/api/milestone-queries';
import { NewIssueForm } from '@/features/issues/components/new-issue-form';
import { EmptyState } from '@/components/ui/empty-state';
import { DescriptionEditor } from '../description-editor';
import { RouteError } from '../layout/route-error';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ params }: LoaderFunctionArgs) {
  const { owner, repo } = params as { owner: string; repo: string };
  await queryClient.ensureQueryData(repoQueries.detail(owner, repo));
  return null;
}

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const navigate = useNavigate();
  const session = useSession();
  const { data: r } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const labels = useQuery({ ...labelQueries.all(owner, repo), enabled: !!session });
  const milestones = useQuery({ ...milestoneQueries.choices(owner, repo), enabled: !!session });

  useDocumentTitle('New issue', r.full_name);

  if (!session) {
    return (
      <EmptyState title="Sign in to open an issue">
        <Link className="text-indigo-600 hover:underline dark:text-indigo-400" to={paths.signIn.href(paths.newIssue.href(owner, repo))}>
          Sign in
        </Link>{' '}
        to report a bug or suggest an idea.
      </EmptyState>
    );
  }
  if (r.archived) {
    return <EmptyState title="This repository is archived">Archived repositories do not accept new issues.</EmptyState>;
  }
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">New issue</h1>
      <NewIssueForm
        owner={owner}
        repo={repo}
        labels={labels.data ?? []}
        milestones={[...(milestones.data?.open ?? []), ...(milestones.data?.closed ?? [])]}
        renderBody={(p) => (
          <DescriptionEditor owner={owner} repo={repo} privateRepo={r.private || r.internal} placeholder="Describe the problem or the idea." {...p} />
        )}
        onCreated={(issue) => navigate(paths.issue.href(owner, repo, issue.number))}
      />
    </div>
  );
}

export const ErrorBoundary = RouteError;
