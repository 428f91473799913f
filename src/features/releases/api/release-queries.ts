// Query factories and mutations for releases (Gitea's /repos/{owner}/{repo}/releases API).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import { encPath } from '@/lib/paths';
import type { components } from '@/lib/api/schema';

export type Release = components['schemas']['Release'];
export type ReleaseAsset = components['schemas']['Attachment'];
export type CreateReleaseInput = components['schemas']['CreateReleaseOption'];
export type EditReleaseInput = components['schemas']['EditReleaseOption'];

/** Tag names keep their slashes in the URL (the server matches the rest of the path). */
const keepTagSlashes = (pathname: string, params: Record<string, unknown>) =>
  pathname.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'tag' ? encPath(String(params[name] ?? '')) : encodeURIComponent(String(params[name] ?? ''))));

export const releaseQueries = {
  list: (owner: string, repo: string, page = 1, limit = 10) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'releases', { page, limit }],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/releases', { params: { path: { owner, repo }, query: { page, limit } } });
        return { releases: data!, ...pageInfo(response) };
      },
    }),
  latest: (owner: string, repo: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'releases', 'latest'],
      queryFn: async () => {
        try {
          return (await api().GET('/repos/{owner}/{repo}/releases/latest', { params: { path: { owner, repo } } })).data!;
        } catch {
          return null;
        }
      },
    }),
  byTag: (owner: string, repo: string, tag: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'releases', 'tag', tag],
      queryFn: async () =>
        (await api().GET('/repos/{owner}/{repo}/releases/tags/{tag}', { params: { path: { owner, repo, tag } }, pathSerializer: keepTagSlashes })).data!,
    }),
};

function useInvalidate(owner: string, repo: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] });
}

export function useCreateRelease(owner: string, repo: string) {
  const invalidate = useInvalidate(owner, repo);
  return useMutation({
    mutationFn: async (body: CreateReleaseInput) => (await api().POST('/repos/{owner}/{repo}/releases', { params: { path: { owner, repo } }, body })).data!,
    onSuccess: invalidate,
  });
}

export function useEditRelease(owner: string, repo: string) {
  const invalidate = useInvalidate(owner, repo);
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: EditReleaseInput }) =>
      (await api().PATCH('/repos/{owner}/{repo}/releases/{id}', { params: { path: { owner, repo, id } }, body })).data!,
    onSuccess: invalidate,
  });
}

export function useDeleteRelease(owner: string, repo: string) {
  const invalidate = useInvalidate(owner, repo);
  return useMutation({
    mutationFn: async (id: number) => {
      await api().DELETE('/repos/{owner}/{repo}/releases/{id}', { params: { path: { owner, repo, id } } });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteAsset(owner: string, repo: string) {
  const invalidate = useInvalidate(owner, repo);
  return useMutation({
    mutationFn: async ({ id, assetId }: { id: number; assetId: number }) => {
      await api().DELETE('/repos/{owner}/{repo}/releases/{id}/assets/{attachment_id}', { params: { path: { owner, repo, id, attachment_id: assetId } } });
    },
    onSuccess: invalidate,
  });
}
