// A webhook's recent deliveries with their request and response (an extension: on a Gitea server,
// which shows them only on its own settings page, this says so in words), and Redeliver.
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { isApiError } from '@/lib/api/api-error';
import { webhookQueries, type HookDelivery, type HookScope } from '../api/webhook-queries';
import { useWebhookMutations } from '../api/use-webhook-mutations';

function Headers({ headers }: { headers: Record<string, string> }) {
  return (
    <pre className="overflow-x-auto rounded bg-gray-50 p-2 text-xs dark:bg-gray-900">
      {Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n')}
    </pre>
  );
}

function Delivery({ d, onRedeliver, pending }: { d: HookDelivery; onRedeliver: () => void; pending: boolean }) {
  const state = !d.is_delivered ? 'Pending' : d.is_succeed ? 'Succeeded' : 'Failed';
  const color = !d.is_delivered ? 'text-gray-600 dark:text-gray-300' : d.is_succeed ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400';
  return (
    <li className="rounded-md border border-gray-200 dark:border-gray-700">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 p-2 text-sm">
          <span className={`font-medium ${color}`}>{state}</span>
          <code className="text-xs">{d.uuid}</code>
          <span>{d.event_type}</span>
          {d.response && <span>HTTP {d.response.status}</span>}
          <span className="text-gray-600 dark:text-gray-300">
            {d.delivered_at ? `${new Date(d.delivered_at).toLocaleString()} · ${d.duration_ms} ms` : 'not sent yet'}
          </span>
        </summary>
        <div className="space-y-3 border-t border-gray-200 p-2 dark:border-gray-700">
          <Button size="sm" onClick={onRedeliver} disabled={pending}>
            Redeliver
          </Button>
          {d.error && <p className="text-sm text-red-700 dark:text-red-400">{d.error}</p>}
          {d.request && (
            <section aria-label="Request">
              <h4 className="text-sm font-medium">Request</h4>
              <p className="text-xs">POST {d.request.url}</p>
              <Headers headers={d.request.headers} />
              <pre className="max-h-64 overflow-auto rounded bg-gray-50 p-2 text-xs dark:bg-gray-900">{d.request.body}</pre>
            </section>
          )}
          {d.response && (
            <section aria-label="Response">
              <h4 className="text-sm font-medium">Response</h4>
              <Headers headers={d.response.headers} />
              <pre className="max-h-64 overflow-auto rounded bg-gray-50 p-2 text-xs dark:bg-gray-900">{d.response.body || '(empty body)'}</pre>
            </section>
          )}
        </div>
      </details>
    </li>
  );
}

export function HookDeliveries({ scope, hookId }: { scope: HookScope; hookId: number }) {
  const q = useQuery({ ...webhookQueries.deliveries(scope, hookId), retry: false });
  const { redeliver } = useWebhookMutations(scope);
  if (q.isPending) return <p className="text-sm">Loading deliveries…</p>;
  if (q.error && isApiError(q.error) && q.error.status === 404)
    return (
      <p className="text-sm text-gray-700 dark:text-gray-300">
        This server does not offer the delivery history through its API (a Gitea server shows it only on its own settings page), so recent deliveries can’t be
        listed here.
      </p>
    );
  if (q.error) return <ErrorNotice error={q.error} />;
  if (q.data.length === 0) return <p className="text-sm text-gray-700 dark:text-gray-300">No deliveries yet. Trigger an event or send a test delivery.</p>;
  return (
    <ul className="space-y-2">
      {q.data.map((d) => (
        <Delivery
          key={d.id}
          d={d}
          pending={redeliver.isPending}
          onRedeliver={() => redeliver.mutate({ id: hookId, delivery: d.id }, { onSuccess: () => toast.success('Delivery queued again') })}
        />
      ))}
    </ul>
  );
}
