// Whether the server has the account extensions of the embedded forge (issue #20): changing the
// password, deleting one's account and sign-up. GET /user/signup answers them all; a Gitea server
// has no such route (404), and then the pages explain where those things are done instead.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { isApiError } from '@/lib/api/api-error';

export interface AccountExtensions {
  /** Whether anyone may create an account (FORGE_DISABLE_REGISTRATION=false). */
  signUp: boolean;
}

export const accountExtensionQueries = {
  probe: () =>
    queryOptions({
      queryKey: ['server', 'account-extensions'],
      queryFn: async (): Promise<AccountExtensions | null> => {
        try {
          return { signUp: (await api().GET('/user/signup')).data!.enabled };
        } catch (e) {
          if (isApiError(e) && (e.status === 404 || e.status === 405)) return null;
          throw e;
        }
      },
      staleTime: 10 * 60_000,
    }),
};
