// /repo/create: a new repository, or with ?template_id=ID one generated from a template.
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { toast } from 'sonner';
import { queryClient } from '../query-client';
import { repoQueries, type Repository } from '@/features/repos/api/repo-queries';
import { CreateRepoForm } from '@/features/repos/components/create-repo-form';
import { GenerateRepoForm } from '@/features/repos/components/generate-repo-form';
import { getSession, sessionReady, useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

const templateId = (params: URLSearchParams) => {
  const id = Number(params.get('template_id'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const id = templateId(new URL(request.url).searchParams);
  await sessionReady();
  if (id && getSession()) await queryClient.ensureQueryData(repoQueries.byId(id));
  return null;
}

export function Component() {
  const session = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = templateId(params);

  const created = (repo: Repository) => {
    toast.success(`Created ${repo.full_name}`);
    navigate(paths.repo.href(repo.owner.login, repo.name));
  };

  useDocumentTitle('New repository');
  return (
    <div className="mx-auto w-full max-w-2xl">
      {!session ? (
        <div className="rounded-lg border border-gray-200 p-6 text-center dark:border-gray-800">
          <h1 className="text-xl font-semibold">New repository</h1>
          <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">You need to be signed in to create a repository.</p>
          <Link
            to={paths.signIn.href(location.pathname + location.search)}
            className="mt-4 inline-block rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-indigo-500"
          >
            Sign in to continue
          </Link>
        </div>
      ) : id ? (
        <FromTemplate id={id} owner={session.login} onCreated={created} />
      ) : (
        <>
          <h1 className="text-xl font-semibold">New repository</h1>
          <p className="mb-6 mt-1 text-sm text-gray-600 dark:text-gray-400">A repository holds a project's files and their whole history.</p>
          <CreateRepoForm owner={session.login} initialOrgId={Number(params.get('org')) || undefined} onCreated={created} />
        </>
      )}
    </div>
  );
}

function FromTemplate({ id, owner, onCreated }: { id: number; owner: string; onCreated: (repo: Repository) => void }) {
  const { data: template } = useSuspenseQuery(repoQueries.byId(id));
  const link = (
    <Link to={paths.repo.href(template.owner.login, template.name)} className="font-medium text-indigo-700 hover:underline dark:text-indigo-400">
      {template.full_name}
    </Link>
  );
  if (!template.template) {
    return (
      <div className="rounded-lg border border-gray-200 p-6 dark:border-gray-800">
        <h1 className="text-xl font-semibold">Not a template</h1>
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
          {link} is not a template repository, so new repositories cannot be made from it.{' '}
          <Link to={paths.newRepo.href()} className="text-indigo-700 hover:underline dark:text-indigo-400">
            Create an empty repository
          </Link>{' '}
          instead.
        </p>
      </div>
    );
  }
  return (
    <>
      <h1 className="text-xl font-semibold">New repository from template {link}</h1>
      {template.description && <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{template.description}</p>}
      <div className="mt-6">
        <GenerateRepoForm key={template.id} template={template} owner={owner} onCreated={onCreated} />
      </div>
    </>
  );
}
