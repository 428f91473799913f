// Query factory for a file's blame (GET /repos/{owner}/{repo}/blame/{ref}/{filepath}, this forge's
// extension: Gitea has no blame API, so against Gitea the query fails and the page says so).
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { encPath } from '@/lib/paths';
import type { components } from '@/lib/api/schema';
import { ApiError } from '@/lib/api/api-error';
import { isMissingRoute } from '@/lib/api/missing-endpoint';

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
      queryFn: async () => {
        try {
          return (
            await api().GET('/repos/{owner}/{repo}/blame/{ref}/{filepath}', {
              params: { path: { owner, repo, ref, filepath: path } },
              pathSerializer: keepSlashes,
            })
          ).data!;
        } catch (e) {
          // Said in words: the page goes on to name servers without blame and link the file.
          throw isMissingRoute(e) ? new ApiError(404, { message: 'this server has no blame API' }) : e;
        }
      },
    }),
};
