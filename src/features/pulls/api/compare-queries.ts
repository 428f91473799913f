// Comparing two branches before a pull request exists: GET /compare/{base}...{head} (commits, and
// on our server whether they merge and which files changed) and its raw diff (ours only).
// Keys sit under ['repos', owner, repo, 'compare'], so a push invalidating the repository refreshes them.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { encPath } from '@/lib/paths';
import type { components } from '@/lib/api/schema';
import type { WhitespaceMode } from './pull-queries';

export type Compare = components['schemas']['Compare'];
export type CompareFile = components['schemas']['CompareFile'];

/** openapi-fetch escapes every path parameter; branch names in {basehead} keep their slashes, as Gitea's route expects. */
const keepSlashes = (pathname: string, params: Record<string, unknown>) =>
  pathname.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = String(params[name] ?? '');
    return name === 'basehead' ? encPath(v) : encodeURIComponent(v);
  });

export const compareQueries = {
  compare: (owner: string, repo: string, base: string, head: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'compare', { base, head }],
      queryFn: async () =>
        (
          await api().GET('/repos/{owner}/{repo}/compare/{basehead}', {
            // Signatures cost a git call per commit and the page does not show them.
            params: { path: { owner, repo, basehead: `${base}...${head}` }, query: { verification: 'false' } },
            pathSerializer: keepSlashes,
          })
        ).data!,
    }),
  /** The unified diff of the comparison; a Gitea server does not have it (404). */
  diff: (owner: string, repo: string, base: string, head: string, whitespace: WhitespaceMode = 'show-all') =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'compare', { base, head }, 'diff', { whitespace }],
      queryFn: async () =>
        (
          await api().GET('/repos/{owner}/{repo}/compare/{basehead}.diff', {
            params: { path: { owner, repo, basehead: `${base}...${head}` }, query: whitespace === 'show-all' ? {} : { whitespace } },
            pathSerializer: keepSlashes,
            parseAs: 'text',
          })
        ).data!,
    }),
};
