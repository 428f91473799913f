// Create, edit, delete, test a webhook; redeliver one of its deliveries.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { scopeKey, type CreateHookOption, type EditHookOption, type Hook, type HookScope } from './webhook-queries';

export function useWebhookMutations(s: HookScope) {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: ['webhooks', ...scopeKey(s)] });
  const create = useMutation({
    mutationFn: async (body: CreateHookOption): Promise<Hook> =>
      s.kind === 'repo'
        ? (await api().POST('/repos/{owner}/{repo}/hooks', { params: { path: { owner: s.owner, repo: s.repo } }, body })).data!
        : (await api().POST('/orgs/{org}/hooks', { params: { path: { org: s.org } }, body })).data!,
    onSuccess: invalidate,
  });
  const edit = useMutation({
    mutationFn: async ({ id, body }: { id: number; body: EditHookOption }): Promise<Hook> =>
      s.kind === 'repo'
        ? (await api().PATCH('/repos/{owner}/{repo}/hooks/{id}', { params: { path: { owner: s.owner, repo: s.repo, id } }, body })).data!
        : (await api().PATCH('/orgs/{org}/hooks/{id}', { params: { path: { org: s.org, id } }, body })).data!,
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      if (s.kind === 'repo') await api().DELETE('/repos/{owner}/{repo}/hooks/{id}', { params: { path: { owner: s.owner, repo: s.repo, id } } });
      else await api().DELETE('/orgs/{org}/hooks/{id}', { params: { path: { org: s.org, id } } });
    },
    onSuccess: invalidate,
  });
  const test = useMutation({
    mutationFn: async (id: number) => {
      if (s.kind === 'repo') await api().POST('/repos/{owner}/{repo}/hooks/{id}/tests', { params: { path: { owner: s.owner, repo: s.repo, id }, query: {} } });
    },
    onSuccess: invalidate,
  });
  const redeliver = useMutation({
    mutationFn: async ({ id, delivery }: { id: number; delivery: number }) => {
      const d = String(delivery);
      if (s.kind === 'repo')
        await api().POST('/repos/{owner}/{repo}/hooks/{id}/deliveries/{delivery}/redeliver', {
          params: { path: { owner: s.owner, repo: s.repo, id, delivery: d } },
        });
      else await api().POST('/orgs/{org}/hooks/{id}/deliveries/{delivery}/redeliver', { params: { path: { org: s.org, id, delivery: d } } });
    },
    onSuccess: invalidate,
  });
  return { create, edit, remove, test, redeliver };
}
