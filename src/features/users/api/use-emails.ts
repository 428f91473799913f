// The signed-in user's e-mail addresses, Gitea's GET|POST|DELETE /user/emails (issue #20).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Email = components['schemas']['Email'];

export const emailQueries = {
  list: (login: string) =>
    queryOptions({
      queryKey: ['users', login, 'emails'],
      queryFn: async () => (await api().GET('/user/emails')).data!,
    }),
};

export function useAddEmail(login: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => (await api().POST('/user/emails', { body: { emails: [email] } })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users', login, 'emails'] }),
  });
}

export function useDeleteEmail(login: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => {
      await api().DELETE('/user/emails', { body: { emails: [email] } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users', login, 'emails'] }),
  });
}
