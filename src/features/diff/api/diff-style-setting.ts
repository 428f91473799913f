// The signed-in user's unified/split choice, kept where Gitea keeps it: the user setting
// `diff_view_style` (GET/PATCH /user/settings; "split", anything else reads as unified). The query
// shares its key with the settings page's, so both see one copy.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { setAnswer } from '@/lib/api/set-answer';
import { getSession, useSession } from '@/lib/auth-store';
import type { components } from '@/lib/api/schema';

type UserSettings = components['schemas']['UserSettings'];
export type SavedDiffStyle = 'unified' | 'split';

const settingsQuery = (login: string) =>
  queryOptions({
    queryKey: ['users', login, 'settings'],
    queryFn: async () => (await api().GET('/user/settings')).data!,
    staleTime: 5 * 60_000,
  });

/** For a route's loader: the setting arrives with the diff, so the diff is drawn once, in the right view. */
export function prefetchDiffStyle(qc: QueryClient) {
  const login = getSession()?.login;
  if (login) void qc.prefetchQuery(settingsQuery(login)).catch(() => undefined);
}

/** The saved choice; undefined while signed out, loading, or when the server does not answer it. */
export function useSavedDiffStyle(): SavedDiffStyle | undefined {
  const login = useSession()?.login;
  const { data } = useQuery({ ...settingsQuery(login ?? ''), enabled: !!login, retry: false });
  if (!data) return undefined;
  return data.diff_view_style === 'split' ? 'split' : 'unified';
}

/** Saves the choice for the signed-in user (nothing when signed out); a refusal leaves the URL's choice. */
export function useSaveDiffStyle() {
  const qc = useQueryClient();
  const login = useSession()?.login;
  return useMutation({
    mutationFn: async (style: SavedDiffStyle) => (await api().PATCH('/user/settings', { body: { diff_view_style: style } })).data!,
    // Shown at once (a read of the settings still under way is dropped, so it cannot put the old
    // choice back); put back if the server refuses.
    onMutate: async (style: SavedDiffStyle) => {
      if (!login) return undefined;
      const key = settingsQuery(login).queryKey;
      await qc.cancelQueries({ queryKey: key, exact: true });
      const before = qc.getQueryData(key);
      if (before) qc.setQueryData(key, { ...before, diff_view_style: style });
      return { before };
    },
    onError: (_e, _style, context) => {
      if (!login) return;
      if (context?.before) qc.setQueryData(settingsQuery(login).queryKey, context.before);
      else void qc.invalidateQueries({ queryKey: settingsQuery(login).queryKey, exact: true });
    },
    onSuccess: (settings: UserSettings) => {
      if (login) return setAnswer(qc, settingsQuery(login).queryKey, settings);
    },
  });
}
