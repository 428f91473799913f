// Webhooks of a repository or an organization: list, deliveries (an extension Gitea lacks: a 404
// there means "not available on this server"). Keys: ['webhooks', scope key, …].
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Hook = components['schemas']['Hook'];
export type HookDelivery = components['schemas']['HookDelivery'];
export type CreateHookOption = components['schemas']['CreateHookOption'];
export type EditHookOption = components['schemas']['EditHookOption'];

export type HookScope = { kind: 'repo'; owner: string; repo: string } | { kind: 'org'; org: string };

export const scopeKey = (s: HookScope) => (s.kind === 'repo' ? ['repo', s.owner, s.repo] : ['org', s.org]);

export const webhookQueries = {
  list: (s: HookScope) =>
    queryOptions({
      queryKey: ['webhooks', ...scopeKey(s), 'list'],
      queryFn: async (): Promise<Hook[]> =>
        s.kind === 'repo'
          ? (await api().GET('/repos/{owner}/{repo}/hooks', { params: { path: { owner: s.owner, repo: s.repo }, query: { limit: 50 } } })).data!
          : (await api().GET('/orgs/{org}/hooks', { params: { path: { org: s.org }, query: { limit: 50 } } })).data!,
    }),
  deliveries: (s: HookScope, id: number) =>
    queryOptions({
      queryKey: ['webhooks', ...scopeKey(s), id, 'deliveries'],
      queryFn: async (): Promise<HookDelivery[]> =>
        s.kind === 'repo'
          ? (await api().GET('/repos/{owner}/{repo}/hooks/{id}/deliveries', { params: { path: { owner: s.owner, repo: s.repo, id }, query: { limit: 20 } } }))
              .data!
          : (await api().GET('/orgs/{org}/hooks/{id}/deliveries', { params: { path: { org: s.org, id }, query: { limit: 20 } } })).data!,
      // Pending deliveries are looked at again until they are done.
      refetchInterval: (q) => (q.state.data?.some((d) => !d.is_delivered) ? 1000 : false),
    }),
};
