// The signed-in user's web sessions on the embedded server (issue #23, an extension): list them,
// end one, end all but this one.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type WebSession = components['schemas']['WebSession'];

export const webSessionQueries = {
  list: (login: string) =>
    queryOptions({
      queryKey: ['users', login, 'sessions'],
      queryFn: async () => (await api().GET('/user/sessions')).data!,
    }),
};

export function useEndWebSession(login: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api().DELETE('/user/sessions/{id}', { params: { path: { id } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users', login, 'sessions'] }),
  });
}

export function useEndOtherWebSessions(login: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api().DELETE('/user/sessions');
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users', login, 'sessions'] }),
  });
}
