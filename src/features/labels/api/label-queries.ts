// Query factories for a repository's labels. Key: ['repos', owner, repo, 'labels'].
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Label = components['schemas']['Label'];

const PAGE = 50;
/** A sane bound: a repository with more labels than this has bigger problems than a long menu. */
const MAX_PAGES = 10;

export const labelQueries = {
  /** Every label of the repository (pickers and filters need them all, not one page). */
  all: (owner: string, repo: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'labels'],
      queryFn: async () => {
        const out: Label[] = [];
        for (let page = 1; page <= MAX_PAGES; page++) {
          const { data, response } = await api().GET('/repos/{owner}/{repo}/labels', {
            params: { path: { owner, repo }, query: { page, limit: PAGE } },
          });
          out.push(...data!);
          const { total, hasNext } = pageInfo(response);
          if (data!.length < PAGE || (total !== undefined ? out.length >= total : !hasNext)) break;
        }
        return out.sort((a, b) => a.name.localeCompare(b.name));
      },
    }),
};
