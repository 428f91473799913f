// Query factories for browsing code: a path's contents at a ref, the latest commit touching it,
// and the raw URL of a file.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { apiRoot } from '@/lib/config';
import { encPath } from '@/lib/paths';
import type { components } from '@/lib/api/schema';

export type ContentsResponse = components['schemas']['ContentsResponse'];
export type Commit = components['schemas']['Commit'];

/** openapi-fetch escapes every path parameter; file paths must keep their slashes. */
const keepSlashes = (pathname: string, params: Record<string, unknown>) =>
  pathname.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = String(params[name] ?? '');
    return name === 'filepath' ? encPath(v) : encodeURIComponent(v);
  });

/** ref '' means the default branch: the API's default when the query has no ref. */
const refQuery = (ref: string) => (ref ? { ref } : {});

export const contentsQueries = {
  /** A folder (array of entries) or a file (one entry with base64 content). */
  contents: (owner: string, repo: string, ref: string, path: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'contents', { ref, path }],
      queryFn: async (): Promise<ContentsResponse | ContentsResponse[]> => {
        if (!path) {
          const { data } = await api().GET('/repos/{owner}/{repo}/contents', { params: { path: { owner, repo }, query: refQuery(ref) } });
          return data!;
        }
        const { data } = await api().GET('/repos/{owner}/{repo}/contents/{filepath}', {
          params: { path: { owner, repo, filepath: path }, query: refQuery(ref) },
          pathSerializer: keepSlashes,
        });
        return data!;
      },
    }),
  /** The newest commit on ref that touched path, for the bar above a tree or file. */
  latestCommit: (owner: string, repo: string, ref: string, path: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'commits', 'latest', { ref, path }],
      queryFn: async (): Promise<Commit | null> => {
        const { data } = await api().GET('/repos/{owner}/{repo}/commits', {
          params: {
            path: { owner, repo },
            query: { ...(ref ? { sha: ref } : {}), ...(path ? { path } : {}), limit: 1, stat: 'false', files: 'false', verification: 'false' },
          },
        });
        // openapi-fetch's readonly view of the body differs only in an index signature.
        return (data?.[0] as Commit | undefined) ?? null;
      },
    }),
};

/** The API URL of a file's bytes (for Raw links and images that anonymous readers can load). */
export const rawUrl = (owner: string, repo: string, ref: string, path: string) =>
  `${apiRoot()}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/raw/${encPath(path)}${ref ? `?ref=${encodeURIComponent(ref)}` : ''}`;

export const isDirListing = (c: ContentsResponse | ContentsResponse[]): c is ContentsResponse[] => Array.isArray(c);
