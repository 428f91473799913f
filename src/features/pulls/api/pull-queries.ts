// The one query factory for pull request data: lists (with paging from the headers), one pull
// request, its commits, its changed files, its raw diff, and the pull request between two
// branches. Keys sit under ['repos', owner, repo, 'pulls', …], so a merge or a push invalidating
// ['repos', owner, repo] refreshes all of it.
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import { isApiError } from '@/lib/api/api-error';
import { orOn404 } from '@/lib/api/is-found';
import type { components, operations } from '@/lib/api/schema';

export type PullRequest = components['schemas']['PullRequest'];
export type ChangedFile = components['schemas']['ChangedFile'];
export type PullCommit = components['schemas']['Commit'];
export type PullListQuery = NonNullable<operations['repoListPullRequests']['parameters']['query']>;
/** git's whitespace modes as the API names them (Gitea's `whitespace` parameter). */
export type WhitespaceMode = 'show-all' | 'ignore-all' | 'ignore-change' | 'ignore-eol';

export const PULLS_PER_PAGE = 20;
export const PULL_COMMITS_PER_PAGE = 30;
/** Gitea's maximum page size; the changed-files walk asks for full pages. */
export const PULL_FILES_PER_PAGE = 50;

export const pullKeys = {
  /** Every pull request query of a repository. */
  all: (owner: string, repo: string) => ['repos', owner, repo, 'pulls'] as const,
  lists: (owner: string, repo: string) => ['repos', owner, repo, 'pulls', 'list'] as const,
  /** Everything of one pull request (detail, commits, files, diff). */
  pull: (owner: string, repo: string, index: number) => ['repos', owner, repo, 'pulls', index] as const,
  /** The pull request read as an issue, with its timeline (the conversation layer keys them so). */
  conversation: (owner: string, repo: string, index: number) => ['repos', owner, repo, 'issues', index] as const,
};

export const pullQueries = {
  list: (owner: string, repo: string, filters: PullListQuery = {}) =>
    queryOptions({
      queryKey: [...pullKeys.lists(owner, repo), filters],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/pulls', {
          params: { path: { owner, repo }, query: { limit: PULLS_PER_PAGE, ...filters } },
        });
        return { pulls: data!, ...pageInfo(response) };
      },
    }),
  /** The repository's pinned pull requests in their order; none from a server without pins (404). */
  pinned: (owner: string, repo: string) =>
    queryOptions({
      queryKey: [...pullKeys.lists(owner, repo), 'pinned'],
      queryFn: () =>
        orOn404(
          api()
            .GET('/repos/{owner}/{repo}/pulls/pinned', { params: { path: { owner, repo } } })
            .then((r) => r.data!),
          [],
        ),
    }),
  /** How many pull requests match (X-Total-Count of a one-item page), for the Open/Closed tab counts. */
  count: (owner: string, repo: string, filters: PullListQuery = {}) =>
    queryOptions({
      queryKey: [...pullKeys.lists(owner, repo), 'count', filters],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/pulls', {
          params: { path: { owner, repo }, query: { ...filters, page: 1, limit: 1 } },
        });
        return pageInfo(response).total ?? data!.length;
      },
    }),
  detail: (owner: string, repo: string, index: number) =>
    queryOptions({
      queryKey: [...pullKeys.pull(owner, repo, index), 'detail'],
      queryFn: async () => (await api().GET('/repos/{owner}/{repo}/pulls/{index}', { params: { path: { owner, repo, index } } })).data!,
    }),
  /** One page of the pull request's commits, oldest first. */
  commits: (owner: string, repo: string, index: number, page = 1) =>
    queryOptions({
      queryKey: [...pullKeys.pull(owner, repo, index), 'commits', { page }],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/pulls/{index}/commits', {
          // Files and signatures cost the server a git call per commit; the list shows neither.
          params: { path: { owner, repo, index }, query: { page, limit: PULL_COMMITS_PER_PAGE, files: 'false', verification: 'false' } },
        });
        return { commits: data!, ...pageInfo(response) };
      },
    }),
  /** One page of the changed files (additions/deletions per file). */
  files: (
    owner: string,
    repo: string,
    index: number,
    { whitespace = 'show-all', page = 1, limit = PULL_FILES_PER_PAGE }: { whitespace?: WhitespaceMode; page?: number; limit?: number } = {},
  ) =>
    queryOptions({
      queryKey: [...pullKeys.pull(owner, repo, index), 'files', { whitespace, page, limit }],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/pulls/{index}/files', {
          params: { path: { owner, repo, index }, query: { whitespace, page, limit } },
        });
        return { files: data!, ...pageInfo(response) };
      },
    }),
  /** Every changed file, walking the pages (a file tree needs them all). */
  allFiles: (owner: string, repo: string, index: number, whitespace: WhitespaceMode = 'show-all') =>
    queryOptions({
      queryKey: [...pullKeys.pull(owner, repo, index), 'files', 'all', { whitespace }],
      queryFn: async () => {
        const all: ChangedFile[] = [];
        for (let page = 1; ; page++) {
          const { data, response } = await api().GET('/repos/{owner}/{repo}/pulls/{index}/files', {
            params: { path: { owner, repo, index }, query: { whitespace, page, limit: PULL_FILES_PER_PAGE } },
          });
          all.push(...data!);
          const info = pageInfo(response);
          const more = info.total !== undefined ? all.length < info.total : info.hasNext || data!.length === PULL_FILES_PER_PAGE;
          if (!more || data!.length === 0) break;
        }
        return all;
      },
    }),
  /** The raw unified diff (`/pulls/{index}.diff`) as text, for the diff engine. */
  diff: (owner: string, repo: string, index: number, whitespace: WhitespaceMode = 'show-all') =>
    queryOptions({
      queryKey: [...pullKeys.pull(owner, repo, index), 'diff', { whitespace }],
      queryFn: async () =>
        (
          await api().GET('/repos/{owner}/{repo}/pulls/{index}.{diffType}', {
            // show-all is git's default; sending nothing keeps the request identical to Gitea's own.
            params: { path: { owner, repo, index, diffType: 'diff' }, query: whitespace === 'show-all' ? {} : { whitespace } },
            parseAs: 'text',
          })
        ).data!,
    }),
  /**
   * People a review can be requested from, for the picker's text `q`: the repository's assignable
   * people (GET /repos/{o}/{r}/assignees, as the issue asks; Gitea answers the same list). Small and
   * unpaged, so it is filtered here; the key is the assignee list's, so both pickers share one fetch.
   */
  reviewerCandidates: (owner: string, repo: string) => (q: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'assignees'],
      queryFn: async () => (await api().GET('/repos/{owner}/{repo}/assignees', { params: { path: { owner, repo } } })).data!,
      select: (users: components['schemas']['User'][]) => {
        const t = q.trim().toLowerCase();
        return users.filter((u) => !t || u.login.toLowerCase().includes(t) || (u.full_name ?? '').toLowerCase().includes(t)).slice(0, 10);
      },
      staleTime: 60_000,
    }),
  /**
   * The teams that may be asked for a review: the repository's teams (Gitea's reviewer list offers
   * the organization's teams with access to the repository); none for a user's repository.
   */
  reviewerTeams: (owner: string, repo: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'teams'],
      queryFn: async () => (await api().GET('/repos/{owner}/{repo}/teams', { params: { path: { owner, repo } } })).data!,
      staleTime: 60_000,
    }),
  /**
   * The base branch with its effective protection (protected, required approvals and contexts, the
   * rule's name, whether the caller may merge), for the merge box. The key is the branches
   * feature's branch detail, so both share one fetch and a repository-wide invalidation refreshes it.
   */
  baseBranch: (owner: string, repo: string, branch: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'branch', branch],
      queryFn: async () => (await api().GET('/repos/{owner}/{repo}/branches/{branch}', { params: { path: { owner, repo, branch } } })).data!,
    }),
  /**
   * One branch protection rule (repository admins only), for whether it lets admins merge anyway
   * (block_admin_merge_override). Same key as the branch protection settings' rule query.
   */
  protectionRule: (owner: string, repo: string, name: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'branch_protections', name],
      queryFn: async () => (await api().GET('/repos/{owner}/{repo}/branch_protections/{name}', { params: { path: { owner, repo, name } } })).data!,
    }),
  /** The newest pull request from `head` (branch or owner:branch) into `base`; null when there is none. */
  byBaseHead: (owner: string, repo: string, base: string, head: string) =>
    queryOptions({
      queryKey: [...pullKeys.all(owner, repo), 'by-base-head', { base, head }],
      queryFn: async (): Promise<PullRequest | null> => {
        try {
          return (await api().GET('/repos/{owner}/{repo}/pulls/{base}/{head}', { params: { path: { owner, repo, base, head } } })).data!;
        } catch (e) {
          if (isApiError(e) && e.status === 404) return null;
          throw e;
        }
      },
    }),
};
