// Settings → Webhooks of a repository or an organization: the list, the create/edit form and the
// chosen hook's deliveries. The chosen hook is in the URL (?hook=<id>, ?hook=new) so it can be shared.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { webhookQueries, type HookScope } from '../api/webhook-queries';
import { useWebhookMutations } from '../api/use-webhook-mutations';
import { WebhookForm, type WebhookFormValues } from './webhook-form';
import { HookDeliveries } from './hook-deliveries';

export function WebhooksPanel({ scope }: { scope: HookScope }) {
  const { data: hooks } = useSuspenseQuery(webhookQueries.list(scope));
  const [params, setParams] = useSearchParams();
  const selected = params.get('hook');
  const hook = hooks.find((h) => String(h.id) === selected);
  const m = useWebhookMutations(scope);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const go = (v: string | null) => setParams(v ? { hook: v } : {});

  const body = (v: WebhookFormValues) => ({
    config: { url: v.url, content_type: v.content_type, ...(v.secret ? { secret: v.secret } : {}) },
    events: v.events,
    branch_filter: v.branch_filter,
    active: v.active,
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-700 dark:text-gray-300">Webhooks send a POST request with the event’s payload to a URL when something happens.</p>
        {selected !== 'new' && (
          <Button variant="primary" onClick={() => go('new')}>
            Add webhook
          </Button>
        )}
      </div>
      {selected === 'new' && (
        <WebhookForm
          pending={m.create.isPending}
          error={m.create.error}
          onCancel={() => go(null)}
          onSubmit={(v) =>
            m.create.mutate(
              { type: 'gitea', ...body(v), config: { ...body(v).config } },
              {
                onSuccess: (h) => {
                  toast.success('Webhook added');
                  go(String(h.id));
                },
              },
            )
          }
        />
      )}
      {hooks.length === 0 && selected !== 'new' ? (
        <EmptyState title="No webhooks yet">Add one to tell a CI server or a chat about pushes, issues and pull requests.</EmptyState>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-md border border-gray-200 dark:divide-gray-700 dark:border-gray-700">
          {hooks.map((h) => (
            <li key={h.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <Link
                to={`?hook=${h.id}`}
                className="font-medium break-all text-indigo-700 underline dark:text-indigo-400"
                aria-current={String(h.id) === selected ? 'true' : undefined}
              >
                {h.config.url}
              </Link>
              <span className="text-gray-600 dark:text-gray-300">
                {h.active ? 'Active' : 'Inactive'} · {h.events.length === 1 ? h.events[0] : `${h.events.length} events`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {hook && (
        <section aria-labelledby="hook-heading" className="space-y-4">
          <h2 id="hook-heading" className="text-base font-semibold break-all">
            Webhook {hook.config.url}
          </h2>
          <WebhookForm
            key={hook.id + hook.updated_at}
            hook={hook}
            pending={m.edit.isPending}
            error={m.edit.error}
            onCancel={() => go(null)}
            onSubmit={(v) => m.edit.mutate({ id: hook.id, body: body(v) }, { onSuccess: () => toast.success('Webhook updated') })}
          />
          <div className="flex flex-wrap gap-2">
            {scope.kind === 'repo' && (
              <Button onClick={() => m.test.mutate(hook.id, { onSuccess: () => toast.success('Test delivery queued') })} disabled={m.test.isPending}>
                Test delivery
              </Button>
            )}
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>
              Delete webhook
            </Button>
          </div>
          <h3 className="text-base font-semibold">Recent deliveries</h3>
          <HookDeliveries scope={scope} hookId={hook.id} />
          <ConfirmDialog
            open={confirmDelete}
            title="Delete this webhook?"
            confirmLabel="Delete webhook"
            danger
            pending={m.remove.isPending}
            error={m.remove.error}
            onClose={() => setConfirmDelete(false)}
            onConfirm={() =>
              m.remove.mutate(hook.id, {
                onSuccess: () => {
                  setConfirmDelete(false);
                  toast.success('Webhook deleted');
                  go(null);
                },
              })
            }
          >
            Events will no longer be sent to {hook.config.url}, and its delivery history is removed. This can’t be undone.
          </ConfirmDialog>
        </section>
      )}
    </div>
  );
}
