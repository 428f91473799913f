// Query factories for issue lists: one repository's issues and the signed-in user's issues across
// repositories. Keys sit under ['repos', owner, repo, 'issues'] so creating or editing an issue
// (or one invalidation after any change in the repository) refreshes every list.
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import { orOn404 } from '@/lib/api/is-found';
import type { components, operations } from '@/lib/api/schema';

export type Issue = components['schemas']['Issue'];
export type IssueListQuery = NonNullable<operations['issueListIssues']['parameters']['query']>;
export type IssueSearchQuery = NonNullable<operations['issueSearchIssues']['parameters']['query']>;

export const ISSUES_PER_PAGE = 20;

export const issueQueries = {
  lists: (owner: string, repo: string) => ['repos', owner, repo, 'issues', 'list'] as const,
  list: (owner: string, repo: string, filters: IssueListQuery) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'issues', 'list', filters],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/issues', {
          params: { path: { owner, repo }, query: { type: 'issues', limit: ISSUES_PER_PAGE, ...filters } },
        });
        return { issues: data!, ...pageInfo(response) };
      },
    }),
  /** How many issues match (the X-Total-Count of a one-item page); feeds the Open/Closed tab counts. */
  count: (owner: string, repo: string, filters: IssueListQuery) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'issues', 'list', 'count', filters],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/issues', {
          params: { path: { owner, repo }, query: { type: 'issues', ...filters, page: 1, limit: 1 } },
        });
        return pageInfo(response).total ?? data!.length;
      },
    }),
  /** The repository's pinned issues in their order; none from a server without pins (404). */
  pinned: (owner: string, repo: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'issues', 'list', 'pinned'],
      queryFn: () =>
        orOn404(
          api()
            .GET('/repos/{owner}/{repo}/issues/pinned', { params: { path: { owner, repo } } })
            .then((r) => r.data!),
          [],
        ),
    }),
  /** GET /repos/issues/search: issues across every repository the caller may read. */
  search: (filters: IssueSearchQuery) =>
    queryOptions({
      queryKey: ['issues', 'search', filters],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/issues/search', {
          params: { query: { type: 'issues', limit: ISSUES_PER_PAGE, ...filters } },
        });
        return { issues: data!, ...pageInfo(response) };
      },
    }),
  searchCount: (filters: IssueSearchQuery) =>
    queryOptions({
      queryKey: ['issues', 'search', 'count', filters],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/issues/search', {
          params: { query: { type: 'issues', ...filters, page: 1, limit: 1 } },
        });
        return pageInfo(response).total ?? data!.length;
      },
    }),
};
