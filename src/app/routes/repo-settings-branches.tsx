// /{owner}/{repo}/settings/branches (repository admins; 404 for everyone else, as on Gitea): the
// branch protection rules, and at settings/branches/edit[?rule_name=…] the form to add or edit one
// (Gitea's own URLs). Composes the rule form with branches, the organization's teams, the people
// with write access and the status contexts seen on the default branch.
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { data, Link, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { orgQueries } from '@/features/orgs/api/org-queries';
import { assigneeQueries } from '@/features/issues/api/assignee-queries';
import { protectionQueries } from '@/features/branch-protection/api/protection-queries';
import { ProtectionRuleList } from '@/features/branch-protection/components/protection-rule-list';
import { ProtectionForm } from '@/features/branch-protection/components/protection-form';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { NotFoundPage } from './not-found';
import { RouteError } from '../layout/route-error';
import { useDocumentTitle } from '@/lib/use-document-title';

const BRANCHES = 50;

const listHref = (o: string, r: string) => `${paths.settings.href(o, r)}/branches`;
const editHref = (o: string, r: string, rule?: string) => `${listHref(o, r)}/edit${rule ? `?${new URLSearchParams({ rule_name: rule })}` : ''}`;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { owner, repo, action } = params as { owner: string; repo: string; action?: string };
  const r = await queryClient.ensureQueryData(repoQueries.detail(owner, repo));
  if (!r.permissions.admin || (action !== undefined && action !== 'edit')) throw data(null, { status: 404 });
  const rule = new URL(request.url).searchParams.get('rule_name');
  await Promise.all([
    action === 'edit' && rule
      ? queryClient.ensureQueryData(protectionQueries.detail(owner, repo, rule))
      : queryClient.ensureQueryData(protectionQueries.list(owner, repo)),
    queryClient.prefetchQuery(branchQueries.list(owner, repo, 1, BRANCHES)),
  ]);
  return null;
}

function Breadcrumb({ owner, repo, here }: { owner: string; repo: string; here?: string }) {
  const link = 'text-indigo-700 underline dark:text-indigo-400';
  return (
    <nav aria-label="Settings" className="text-sm">
      <Link to={paths.settings.href(owner, repo)} className={link}>
        Settings
      </Link>{' '}
      /{' '}
      {here ? (
        <>
          <Link to={listHref(owner, repo)} className={link}>
            Branches
          </Link>{' '}
          / {here}
        </>
      ) : (
        'Branches'
      )}
    </nav>
  );
}

export function Component() {
  const { owner, repo, action } = useParams() as { owner: string; repo: string; action?: string };
  const { data: r } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const branches = useQuery({ ...branchQueries.list(owner, repo, 1, BRANCHES), enabled: !r.empty && r.permissions.admin });
  const names = branches.data?.branches.map((b) => b.name) ?? [];
  const protectedBy = Object.fromEntries((branches.data?.branches ?? []).filter((b) => b.protected).map((b) => [b.name, b.effective_branch_protection_name]));
  // Signing out on this page loses the permission without a new loader run.
  if (!r.permissions.admin || (action !== undefined && action !== 'edit')) return <NotFoundPage />;
  if (action === 'edit')
    return (
      <RuleEditor
        owner={owner}
        repo={repo}
        branches={names}
        protectedBy={protectedBy}
        branchesPartial={!!branches.data?.hasNext}
        defaultBranch={r.empty ? '' : r.default_branch}
        ownerLogin={r.owner.login}
      />
    );
  return <RuleListPage owner={owner} repo={repo} branches={names} />;
}

function RuleListPage({ owner, repo, branches }: { owner: string; repo: string; branches: string[] }) {
  const { data: rules } = useSuspenseQuery(protectionQueries.list(owner, repo));
  useDocumentTitle(`Branches · Settings · ${owner}/${repo}`);
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Breadcrumb owner={owner} repo={repo} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-lg font-semibold">Branch protection</h1>
        <Link to={editHref(owner, repo)} className={buttonClass('primary')}>
          Add rule
        </Link>
      </div>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        A rule protects every branch its name or pattern matches: who may push, force push and merge, and what a pull request needs before it can merge.
      </p>
      <ProtectionRuleList owner={owner} repo={repo} rules={rules} branches={branches} editHref={(name) => editHref(owner, repo, name)} />
    </div>
  );
}

function RuleEditor({
  owner,
  repo,
  branches,
  protectedBy,
  branchesPartial,
  defaultBranch,
  ownerLogin,
}: {
  owner: string;
  repo: string;
  branches: string[];
  protectedBy: Record<string, string>;
  branchesPartial: boolean;
  defaultBranch: string;
  ownerLogin: string;
}) {
  const [search] = useSearchParams();
  const ruleName = search.get('rule_name');
  const navigate = useNavigate();
  const rule = useQuery({ ...protectionQueries.detail(owner, repo, ruleName ?? ''), enabled: !!ruleName });
  // A user owner is no organization: 404 here just means "no teams to offer".
  const org = useQuery({ ...orgQueries.detail(ownerLogin), retry: false });
  const teams = useQuery({ ...orgQueries.teams(ownerLogin), enabled: !!org.data });
  const contexts = useQuery({ ...protectionQueries.recentContexts(owner, repo, defaultBranch), enabled: !!defaultBranch });
  const title = ruleName ? `Edit rule ${ruleName}` : 'New protection rule';
  useDocumentTitle(`${title} · ${owner}/${repo}`);
  if (ruleName && rule.isError) return <NotFoundPage />;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Breadcrumb owner={owner} repo={repo} here={ruleName ? ruleName : 'New rule'} />
      <h1 className="text-lg font-semibold">{title}</h1>
      {ruleName && !rule.data ? (
        <p>Loading…</p>
      ) : (
        <ProtectionForm
          key={ruleName ?? 'new'}
          owner={owner}
          repo={repo}
          rule={rule.data ?? null}
          branches={branches}
          protectedBy={protectedBy}
          branchesPartial={branchesPartial}
          teams={org.data ? (teams.data ?? []).map((t) => t.name) : null}
          userSearch={assigneeQueries.forRepo(owner, repo)}
          contexts={contexts.data ?? []}
          onSaved={() => navigate(listHref(owner, repo))}
          onCancel={() => navigate(listHref(owner, repo))}
        />
      )}
    </div>
  );
}

export const ErrorBoundary = RouteError;
