// Code search (GET /repos/{owner}/{repo}/search/code), this forge's extension: Gitea has no such
// API, so against Gitea the probe fails and the pages hide the search box or say why.
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import { isApiError } from '@/lib/api/api-error';
import type { components } from '@/lib/api/schema';

export type CodeSearchResult = components['schemas']['CodeSearchResult'];
export interface CodeSearchParams {
  q: string;
  ref?: string;
  regex?: boolean;
  caseSensitive?: boolean;
  path?: string;
  page?: number;
}

export const CODE_SEARCH_LIMIT = 20;

export const codeSearchQueries = {
  /** Whether the server searches code: an empty query answers an empty result here, 404 on Gitea. */
  supported: (owner: string, repo: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'search-code', 'supported'],
      staleTime: Infinity,
      retry: false,
      queryFn: async () => {
        try {
          await api().GET('/repos/{owner}/{repo}/search/code', { params: { path: { owner, repo }, query: { q: '' } } });
          return true;
        } catch (e) {
          if (isApiError(e) && (e.status === 404 || e.status === 405)) return false;
          throw e;
        }
      },
    }),
  search: (owner: string, repo: string, p: CodeSearchParams) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'search-code', p],
      staleTime: 30_000,
      retry: false,
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/search/code', {
          params: {
            path: { owner, repo },
            query: {
              q: p.q,
              ref: p.ref || undefined,
              regex: p.regex || undefined,
              case: p.caseSensitive || undefined,
              path: p.path || undefined,
              page: p.page,
              limit: CODE_SEARCH_LIMIT,
            },
          },
        });
        return { result: data! as CodeSearchResult, ...pageInfo(response) };
      },
    }),
};
