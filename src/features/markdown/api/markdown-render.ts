// POST /markdown (Gitea's, and this forge's since issue #22): Markdown rendered to sanitized HTML by
// the server, so a page can show a README without downloading the Markdown renderer. A server
// without the endpoint (404/405), or a text over its size limit (413), answers null: the caller
// then renders in the browser as before.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { isApiError } from '@/lib/api/api-error';

const FALLBACK = new Set([404, 405, 413, 501]);

export const markdownQueries = {
  /**
   * `context` is the folder page the text lives in (e.g. /owner/repo/src/branch/main/docs): relative
   * links and images resolve against it, `#N` against its repository. `key` names the text (e.g. the
   * file's blob sha), so the query key stays small and a changed file is rendered again.
   */
  render: (text: string, context: string, key: string) =>
    queryOptions({
      queryKey: ['markdown', 'gfm', context, key],
      queryFn: async (): Promise<string | null> => {
        try {
          const { data } = await api().POST('/markdown', { body: { Text: text, Mode: 'gfm', Context: context }, parseAs: 'text' });
          return data ?? '';
        } catch (e) {
          if (isApiError(e) && FALLBACK.has(e.status)) return null;
          throw e;
        }
      },
      staleTime: Infinity,
      // A refusal (401 where sign-in is required, 403, 422) will not change: the fallback shows at once.
      retry: (count, e) => !(isApiError(e) && e.status < 500) && count < 1,
    }),
};
