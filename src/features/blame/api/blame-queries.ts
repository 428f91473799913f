// Query factory for a file's blame (GET /repos/{owner}/{repo}/blame/{ref}/{filepath}, this forge's
// extension: Gitea has no blame API, so against Gitea the query fails and the page says so).
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { encPath } from '@/lib/paths';
import type { components } from '@/lib/api/schema';

export type BlameResponse = components['schemas']['BlameResponse'];
export type BlameRange = BlameResponse['ranges'][number];

/** The ref and the file path keep their slashes in the URL; the server finds where the ref ends. */
const keepSlashes = (pathname: string, params: Record<string, unknown>) =>
  pathname.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = String(params[name] ?? '');
    return name === 'filepath' || name === 'ref' ? encPath(v) : encodeURIComponent(v);
  });

export const blameQueries = {
  file: (owner: string, repo: string, ref: string, path: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'blame', { ref, path }],
      staleTime: 60_000,
      queryFn: async () =>
        (
          await api().GET('/repos/{owner}/{repo}/blame/{ref}/{filepath}', {
            params: { path: { owner, repo, ref, filepath: path } },
            pathSerializer: keepSlashes,
          })
        ).data!,
    }),
};
