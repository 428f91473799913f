// /{owner}/{repo}/fork (Gitea's URL): fork the repository into yourself or an organization, then
// land on the new fork. Signed out, the page asks to sign in first.
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { forkQueries } from '@/features/forks/api/fork-queries';
import { ForkForm } from '@/features/forks/components/fork-form';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const session = useSession();
  const navigate = useNavigate();
  const { data: r } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const owners = useQuery({ ...forkQueries.owners(session?.login ?? ''), enabled: !!session });
  const mine = useQuery({ ...forkQueries.ownedBy(owner, repo, session?.login ?? ''), enabled: !!session });
  const myFork = mine.data && mine.data.id !== r.id ? mine.data : null;
  // As Gitea's fork page: not into the repository's own owner, nor into yourself once you have a fork.
  const sameOwner = (name: string) => name.toLowerCase() === r.owner.login.toLowerCase();
  const choices = session
    ? [...(myFork || sameOwner(session.login) ? [] : [session.login]), ...(owners.data ?? []).map((o) => o.name).filter((n) => !sameOwner(n))]
    : [];

  let body;
  if (!session) {
    body = (
      <EmptyState title="Sign in to fork">
        <Link className="text-indigo-600 hover:underline dark:text-indigo-400" to={paths.signIn.href(paths.newFork.href(owner, repo))}>
          Sign in
        </Link>{' '}
        to fork {r.full_name}.
      </EmptyState>
    );
  } else if (r.empty) {
    body = <EmptyState title="Nothing to fork yet">This repository is empty; it can be forked once it has a commit.</EmptyState>;
  } else if (owners.isPending || mine.isPending) {
    body = <Spinner label="Loading owners" />;
  } else if (!choices.length) {
    body = (
      <EmptyState title="Nowhere to fork to">
        {myFork ? (
          <>
            You already have a fork of this repository,{' '}
            <Link className="text-indigo-600 hover:underline dark:text-indigo-400" to={paths.repo.href(myFork.owner.login, myFork.name)}>
              {myFork.full_name}
            </Link>
            , and no organization where you may create repositories.
          </>
        ) : (
          'You own this repository and have no organization where you may create repositories.'
        )}
      </EmptyState>
    );
  } else {
    body = (
      <>
        {myFork && (
          <div
            role="note"
            className="rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:border-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200"
          >
            You already have a fork of this repository:{' '}
            <Link className="font-mono font-semibold underline" to={paths.repo.href(myFork.owner.login, myFork.name)}>
              {myFork.full_name}
            </Link>
            . You can still fork it into an organization.
          </div>
        )}
        <ErrorNotice error={owners.error} />
        <ForkForm repo={r} login={session.login} owners={choices} onCreated={(f) => navigate(paths.repo.href(f.owner.login, f.name))} />
      </>
    );
  }

  useDocumentTitle(`Fork ${r.full_name}`);
  return (
    <section aria-labelledby="fork-title" className="mx-auto max-w-2xl space-y-4">
      <div>
        <h2 id="fork-title" className="text-lg font-semibold">
          Fork {r.full_name}
        </h2>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          A fork is your own copy of the repository: change it freely, then propose the changes back with a pull request.
        </p>
      </div>
      {body}
    </section>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
