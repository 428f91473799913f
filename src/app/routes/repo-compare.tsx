// /{owner}/{repo}/compare/{base}...{head} (and /compare alone, to pick them): each side a branch, a
// tag or a commit SHA. Whether head merges into base, its commits and changed files, the full diff
// on demand, then for two branches either a link to the pull request already open for the pair or
// the form that opens one.
import { useCallback } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, redirect, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/auth-store';
import { isApiError } from '@/lib/api/api-error';
import type { components } from '@/lib/api/schema';
import { repoQueries, type Repository } from '@/features/repos/api/repo-queries';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { forkQueries, headRef } from '@/features/forks/api/fork-queries';
import { parseHeadRef } from '@/features/forks/lib/head-ref';
import { RepoChoice } from '@/features/forks/components/repo-choice';
import { compareQueries } from '@/features/pulls/api/compare-queries';
import { pullQueries } from '@/features/pulls/api/pull-queries';
import { compareHref, parseCompareSplat, type CompareRefs } from '@/features/pulls/lib/compare-path';
import { compareSummaryFiles } from '@/features/pulls/lib/compare-files';
import { compareSides, notBranchesReason, type CompareSides } from '@/features/pulls/lib/compare-refs';
import { defaultPullText } from '@/features/pulls/lib/pull-draft-text';
import { CompareBranches } from '@/features/pulls/components/compare-branches';
import { CompareMergeStatus } from '@/features/pulls/components/compare-merge-status';
import { CompareFiles } from '@/features/pulls/components/compare-files';
import { CompareExistingPull } from '@/features/pulls/components/compare-existing-pull';
import { NewPullForm } from '@/features/pulls/components/new-pull-form';
import { CommitList } from '@/features/commits/components/commit-list';
import { LazyDiffFiles, preloadDiffFiles, preloadDiffHighlight } from '@/features/diff/components/diff-view';
import { DiffStyleToggle, useDiffStyle } from '@/features/diff/components/diff-style-toggle';
import { WhitespaceToggle, useWhitespaceMode } from '@/features/diff/components/whitespace-toggle';
import { labelQueries } from '@/features/labels/api/label-queries';
import { milestoneQueries } from '@/features/milestones/api/milestone-queries';
import { LabelChip } from '@/features/issues/components/label-chip';
import { assigneeQueries } from '@/features/issues/api/assignee-queries';
import { useCurrentUser } from '@/features/auth/api/auth-queries';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { UserPicker } from '@/components/ui/user-picker';
import { DescriptionEditor } from '../description-editor';
import { RouteError } from '../layout/route-error';
import { useDocumentTitle } from '@/lib/use-document-title';

type Label = components['schemas']['Label'];
type ParentRepository = components['schemas']['ParentRepository'];

export async function loader({ params }: LoaderFunctionArgs) {
  const { owner, repo } = params as { owner: string; repo: string };
  const r = await queryClient.ensureQueryData(repoQueries.detail(owner, repo));
  const splat = params['*'] ?? '';
  // A fork proposes changes to its parent: /compare on a fork opens the parent's compare page.
  if (!splat && r.parent) throw redirect(forkDefaultCompare(r, r.parent));
  const { base, head } = parseCompareSplat(splat, r.default_branch);
  void queryClient.prefetchQuery(branchQueries.list(owner, repo));
  void queryClient.prefetchQuery(branchQueries.tags(owner, repo));
  if (head && head !== base) {
    void queryClient.prefetchQuery(compareQueries.compare(owner, repo, base, head));
    void queryClient.prefetchQuery(pullQueries.byBaseHead(owner, repo, base, head));
  }
  return null;
}

/** The parent's compare page with this fork's default branch as the head, GitHub's "Contribute". */
function forkDefaultCompare(fork: Repository, parent: ParentRepository) {
  return paths.compare.href(parent.owner.login, parent.name, parent.default_branch, headRef(parent, fork, fork.default_branch));
}

type NetworkRepo = Repository | ParentRepository;

export function Component() {
  const { owner, repo, '*': splat = '' } = useParams() as { owner: string; repo: string; '*'?: string };
  const navigate = useNavigate();
  const session = useSession();
  const { data: r } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const branches = useQuery(branchQueries.list(owner, repo));
  const tags = useQuery(branchQueries.tags(owner, repo));
  const refs = parseCompareSplat(splat, r.default_branch);
  const names = branches.data?.branches.map((b) => b.name) ?? [];
  const tagNames = tags.data?.tags.map((t) => t.name) ?? [];
  const head = parseHeadRef(refs.head);
  const parent = r.parent ?? null;

  // The fork network the pickers offer: this repository, its parent, and its forks (only asked
  // for when it has any), yours first among them.
  const hasForks = r.forks_count > 0;
  const forks = useQuery({ ...forkQueries.list(owner, repo, 1, 50), enabled: hasForks });
  const mine = useQuery({ ...forkQueries.ownedBy(owner, repo, session?.login ?? ''), enabled: hasForks && !!session });
  const headOwner = head.owner?.toLowerCase();
  const sameRepo = (x: NetworkRepo) => x.owner.login.toLowerCase() === headOwner && (!head.repo || x.name.toLowerCase() === head.repo.toLowerCase());
  const known: NetworkRepo[] = [r, ...(parent ? [parent] : []), ...(mine.data ? [mine.data] : []), ...(forks.data?.forks ?? [])];
  const listed = headOwner ? known.find(sameRepo) : r;
  // A head in a fork not on the first page: by name when the URL says it, else that owner's fork.
  const named = useQuery({ ...repoQueries.detail(head.owner ?? '', head.repo ?? ''), enabled: !listed && !!head.repo });
  const ownersFork = useQuery({ ...forkQueries.ownedBy(owner, repo, head.owner ?? ''), enabled: !listed && !!head.owner && !head.repo });
  const headRepo: NetworkRepo | null = listed ?? named.data ?? ownersFork.data ?? null;
  const crossRepo = !!headRepo && headRepo.id !== r.id;
  const headBranchList = useQuery({ ...branchQueries.list(headRepo?.owner.login ?? '', headRepo?.name ?? ''), enabled: crossRepo });
  const headTagList = useQuery({ ...branchQueries.tags(headRepo?.owner.login ?? '', headRepo?.name ?? ''), enabled: crossRepo });
  const headNames = crossRepo ? (headBranchList.data?.branches.map((b) => b.name) ?? []) : names;
  const headTagNames = crossRepo ? (headTagList.data?.tags.map((t) => t.name) ?? []) : tagNames;
  // The same query the comparison below draws from: it says what each side names (branch, tag, commit).
  const comparing = !r.empty && !!refs.head && refs.head !== refs.base;
  const compared = useQuery({ ...compareQueries.compare(owner, repo, refs.base, refs.head), enabled: comparing });
  const sides = compareSides(
    compared.data,
    { base: refs.base, head: head.branch },
    { branches: names, tags: tagNames, headBranches: headNames, headTags: headTagNames },
  );

  const network = dedupe([r, ...known.slice(1), ...(headRepo ? [headRepo] : [])]);
  const pickRepos = network.length > 1;

  /** The URL for a base repository, base branch, head repository and head branch. */
  const go = (baseRepo: NetworkRepo, baseBranch: string, h: NetworkRepo, headBranch: string) => {
    const headName = !headBranch ? '' : h.id === baseRepo.id ? headBranch : headRef(baseRepo, h, headBranch);
    navigate(compareHref(baseRepo.owner.login, baseRepo.name, { base: baseBranch, head: headName }));
  };
  const here = headRepo ?? r;

  useDocumentTitle(`Compare ${refs.head ? `${refs.base}...${refs.head}` : 'changes'} · ${r.full_name}`);
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">Compare changes</h2>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {pickRepos
            ? 'Choose two branches, tags or commits, in this repository or across forks, to see what changed; between two branches, open a pull request.'
            : 'Choose two branches, tags or commits to see what changed; between two branches, open a pull request.'}
        </p>
      </div>
      <CompareBranches
        base={refs.base}
        head={head.branch}
        branches={names}
        tags={tagNames}
        baseKind={sides.base}
        headKind={head.branch ? sides.head : undefined}
        headBranches={headNames}
        headTags={headTagNames}
        onChange={(next) => go(r, next.base, here, next.head)}
        baseRepo={
          pickRepos ? (
            <RepoChoice
              label="base repository"
              value={r as NetworkRepo}
              choices={network}
              onChange={(b) => go(b, b.id === r.id ? refs.base : b.default_branch, here, head.branch)}
            />
          ) : undefined
        }
        headRepo={
          pickRepos ? (
            <RepoChoice
              label="head repository"
              value={here}
              choices={network}
              onChange={(h) => go(r, refs.base, h, head.branch && (h.id === here.id ? head.branch : h.default_branch))}
            />
          ) : undefined
        }
        onSwap={crossRepo && headRepo ? () => go(headRepo, head.branch, r, refs.base) : undefined}
      />
      {r.empty ? (
        <EmptyState title="This repository is empty">Push a branch first; then you can compare it.</EmptyState>
      ) : !refs.head ? (
        <EmptyState title="Choose a branch to compare">
          Pick the branch with your changes (or a tag or commit) as <strong>compare</strong>; it is compared with{' '}
          <strong className="font-mono">{refs.base}</strong>.
        </EmptyState>
      ) : refs.head === refs.base ? (
        <EmptyState title="Choose different branches">A branch or tag compared with itself has nothing to show. Pick another base or compare.</EmptyState>
      ) : (
        <Comparison
          key={`${refs.base}...${refs.head}`}
          repository={r}
          refs={refs}
          headBranch={head.branch}
          sides={sides}
          headSource={{ owner: headRepo?.owner.login ?? head.owner ?? owner, repo: headRepo?.name ?? head.repo ?? repo }}
        />
      )}
    </div>
  );
}

function dedupe<T extends { id: number }>(list: T[]): T[] {
  return list.filter((x, i) => list.findIndex((y) => y.id === x.id) === i);
}

/**
 * `headBranch` and `headSource` say where the compared branch lives when it is in another repository
 * of the network; `sides` what each side names: a pull request needs a branch on both.
 */
function Comparison({
  repository: r,
  refs,
  headBranch,
  sides,
  headSource,
}: {
  repository: Repository;
  refs: CompareRefs;
  headBranch: string;
  sides: CompareSides;
  headSource: { owner: string; repo: string };
}) {
  const owner = r.owner.login;
  const repo = r.name;
  const { base, head } = refs;
  const session = useSession();
  const compare = useQuery(compareQueries.compare(owner, repo, base, head));
  const notBranches = compare.data ? notBranchesReason(refs, sides) : null;
  const existing = useQuery({ ...pullQueries.byBaseHead(owner, repo, base, head), enabled: !!compare.data && !notBranches });

  if (compare.isPending) return <Spinner label="Comparing" />;
  if (compare.isError) {
    return isApiError(compare.error) && compare.error.status === 404 ? (
      <EmptyState title="Nothing to compare">
        <span className="font-mono">{base}</span> or <span className="font-mono">{head}</span> does not exist
        {head.includes(':') ? ', or that repository is not a fork of this one' : ' in this repository'}.
      </EmptyState>
    ) : (
      <ErrorNotice error={compare.error} />
    );
  }
  const c = compare.data;
  const open = !notBranches && existing.data && existing.data.state === 'open' && !existing.data.merged ? existing.data : null;
  const summary = compareSummaryFiles(c);
  const canCreate = !!session && !r.archived && r.has_pull_requests !== false;

  return (
    <div className="space-y-5">
      <CompareMergeStatus compare={c} base={base} head={head} branches={!notBranches} />
      {open && <CompareExistingPull owner={owner} repo={repo} pull={open} />}
      {c.total_commits > 0 && (
        <>
          <section aria-labelledby="compare-commits" className="space-y-3">
            <h3 id="compare-commits" className="text-base font-semibold">
              {c.total_commits} {c.total_commits === 1 ? 'commit' : 'commits'}
            </h3>
            <CommitList owner={owner} repo={repo} commits={c.commits} />
          </section>
          <CompareFiles files={summary.files} counted={summary.counted} />
          <FullDiff
            owner={owner}
            repo={repo}
            base={base}
            head={head}
            // Files open at the head: a branch or tag by name, a commit by its full SHA (the URL may hold an abbreviation).
            fileHref={(path) =>
              sides.head === 'commit'
                ? paths.src.href(headSource.owner, headSource.repo, 'commit', sides.headSha ?? headBranch, path)
                : paths.src.href(headSource.owner, headSource.repo, sides.head, headBranch, path)
            }
          />
          {notBranches ? (
            <p className="border-t border-gray-200 pt-5 text-sm text-gray-600 dark:border-gray-800 dark:text-gray-400">{notBranches}</p>
          ) : !open && !existing.isPending ? (
            <section aria-labelledby="new-pull" className="space-y-3 border-t border-gray-200 pt-5 dark:border-gray-800">
              <h3 id="new-pull" className="text-base font-semibold">
                Open a pull request
              </h3>
              {canCreate ? (
                <CreateForm repository={r} refs={refs} headBranch={headBranch} commits={c.commits} />
              ) : !session ? (
                <p className="text-sm text-gray-600 dark:text-gray-400">
                  <Link className="text-indigo-600 hover:underline dark:text-indigo-400" to={paths.signIn.href(compareHref(owner, repo, refs))}>
                    Sign in
                  </Link>{' '}
                  to open a pull request from <span className="font-mono">{head}</span> into <span className="font-mono">{base}</span>.
                </p>
              ) : (
                <p className="text-sm text-gray-600 dark:text-gray-400">
                  {r.archived ? 'This repository is archived.' : 'Pull requests are turned off in this repository.'}
                </p>
              )}
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The whole diff, fetched and drawn only when asked for (it can be large); ?diff=full keeps it open in a shared link. */
function FullDiff({ owner, repo, base, head, fileHref }: { owner: string; repo: string; base: string; head: string; fileHref: (path: string) => string }) {
  const [params, setParams] = useSearchParams();
  const shown = params.get('diff') === 'full';
  const show = () => {
    const next = new URLSearchParams(params);
    next.set('diff', 'full');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const style = useDiffStyle();
  const whitespace = useWhitespaceMode();
  const diff = useQuery({ ...compareQueries.diff(owner, repo, base, head, whitespace), enabled: shown });
  // Hovering the button starts loading the diff code and highlight.js while the user decides.
  const preload = () => {
    preloadDiffFiles();
    preloadDiffHighlight([]);
  };
  if (!shown) {
    return (
      <div>
        <Button onMouseEnter={preload} onFocus={preload} onClick={show}>
          Show full diff
        </Button>
      </div>
    );
  }
  return (
    <section aria-labelledby="compare-diff" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="compare-diff" className="text-base font-semibold">
          Diff
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <WhitespaceToggle />
          <DiffStyleToggle />
        </div>
      </div>
      {diff.isPending ? (
        <Spinner label="Loading diff" />
      ) : diff.isError ? (
        isApiError(diff.error) && diff.error.status === 404 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">This server does not provide the diff of a comparison; open the pull request to see it.</p>
        ) : (
          <ErrorNotice error={diff.error} />
        )
      ) : (
        <LazyDiffFiles diff={diff.data} style={style} emptyText="No changes to show." fileHref={fileHref} />
      )}
    </section>
  );
}

function CreateForm({
  repository: r,
  refs,
  headBranch,
  commits,
}: {
  repository: Repository;
  refs: CompareRefs;
  headBranch: string;
  commits: components['schemas']['Commit'][];
}) {
  const owner = r.owner.login;
  const repo = r.name;
  const navigate = useNavigate();
  const me = useCurrentUser();
  const labels = useQuery(labelQueries.all(owner, repo));
  const milestones = useQuery(milestoneQueries.choices(owner, repo));
  const initial = defaultPullText(commits, headBranch);
  const renderLabel = useCallback((l: Label) => <LabelChip label={l} />, []);
  return (
    <NewPullForm
      owner={owner}
      repo={repo}
      base={refs.base}
      head={refs.head}
      initialTitle={initial.title}
      initialBody={initial.body}
      labels={labels.data ?? []}
      milestones={[...(milestones.data?.open ?? []), ...(milestones.data?.closed ?? [])]}
      renderLabel={renderLabel}
      renderBody={(p) => (
        <DescriptionEditor owner={owner} repo={repo} privateRepo={r.private || r.internal} placeholder="What does this change, and why?" {...p} />
      )}
      renderReviewers={(p) => <UserPicker label="Reviewers" search={pullQueries.reviewerCandidates(owner, repo)} exclude={me ? [me.login] : []} {...p} />}
      renderAssignees={(p) => <UserPicker label="Assignees" search={assigneeQueries.forRepo(owner, repo)} {...p} />}
      onCreated={(pull) => navigate(paths.pull.href(owner, repo, pull.number))}
    />
  );
}

export const ErrorBoundary = RouteError;
