// Every file path of a ref, for "Go to file": Gitea's git trees API with ?recursive=1, all pages.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Gitea's largest page of tree entries. */
const PER_PAGE = 1000;
/** Past this many entries the finder stops paging; a tree this big is searched in part. */
const MAX_ENTRIES = 100_000;

export const treeQueries = {
  /** Paths of the files (blobs) under ref; `truncated` when the tree was too big to read whole. */
  files: (owner: string, repo: string, ref: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'git', 'trees', { ref, recursive: true }],
      staleTime: 60_000,
      queryFn: async () => {
        const files: string[] = [];
        let seen = 0;
        for (let page = 1; ; page++) {
          const { data } = await api().GET('/repos/{owner}/{repo}/git/trees/{sha}', {
            params: { path: { owner, repo, sha: ref }, query: { recursive: 'true', page, per_page: PER_PAGE } },
          });
          const tree = data!.tree ?? [];
          for (const e of tree) if (e.type === 'blob') files.push(e.path);
          seen += tree.length;
          // Gitea sets `truncated` whenever the tree spans pages, even on the last one: count instead.
          if (!tree.length || seen >= data!.total_count) return { files, truncated: false };
          if (seen >= MAX_ENTRIES) return { files, truncated: true };
        }
      },
    }),
};
