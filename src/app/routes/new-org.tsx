// /org/create: a signed-in user creates an organization and becomes its owner.
import { Link, useNavigate } from 'react-router';
import { useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { useCreateOrg } from '@/features/orgs/api/use-create-org';
import { OrgForm } from '@/features/orgs/components/org-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const session = useSession();
  const create = useCreateOrg();
  const navigate = useNavigate();
  useDocumentTitle('New organization');
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-xl font-semibold">New organization</h1>
      {session ? (
        <OrgForm
          submitLabel="Create organization"
          pendingLabel="Creating…"
          pending={create.isPending}
          error={create.error}
          onSubmit={(body) => create.mutate(body, { onSuccess: (o) => navigate(paths.user.href(o.name)) })}
        />
      ) : (
        <p className="text-sm">
          <Link to={paths.signIn.href(paths.newOrg.href())} className="font-medium text-indigo-700 hover:underline dark:text-indigo-400">
            Sign in
          </Link>{' '}
          to create an organization.
        </p>
      )}
    </div>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
