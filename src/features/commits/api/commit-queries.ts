// Query factories for commits: the paged history of a ref (optionally of one path), one commit
// with its stats and files, and its diff as text.
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Commit = components['schemas']['Commit'];

export interface CommitFilters {
  /** Branch, tag or SHA to start from. */
  sha: string;
  path?: string;
  /** YYYY-MM-DD, inclusive. */
  since?: string;
  until?: string;
  page: number;
}

export const COMMITS_PER_PAGE = 30;

const isFullSha = (s: string) => /^[0-9a-f]{40}([0-9a-f]{24})?$/i.test(s);

export const commitQueries = {
  list: (owner: string, repo: string, f: CommitFilters) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'commits', f],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/commits', {
          params: {
            path: { owner, repo },
            query: {
              sha: f.sha,
              path: f.path || undefined,
              // Whole days in UTC, as Gitea's date filter.
              since: f.since ? `${f.since}T00:00:00Z` : undefined,
              until: f.until ? `${f.until}T23:59:59Z` : undefined,
              page: f.page,
              limit: COMMITS_PER_PAGE,
              // Stats, files and signatures cost the server a git call per commit; the list shows none.
              stat: 'false',
              files: 'false',
              verification: 'false',
            },
          },
        });
        return { commits: data!, ...pageInfo(response) };
      },
    }),
  detail: (owner: string, repo: string, sha: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'commit', sha],
      queryFn: async () => (await api().GET('/repos/{owner}/{repo}/git/commits/{sha}', { params: { path: { owner, repo, sha } } })).data!,
      // A full SHA names content that never changes.
      staleTime: isFullSha(sha) ? Infinity : undefined,
    }),
  diff: (owner: string, repo: string, sha: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'commit', sha, 'diff'],
      queryFn: async () =>
        (
          await api().GET('/repos/{owner}/{repo}/git/commits/{sha}.{diffType}', {
            params: { path: { owner, repo, sha, diffType: 'diff' } },
            parseAs: 'text',
          })
        ).data!,
      staleTime: isFullSha(sha) ? Infinity : undefined,
    }),
};
