// Create or edit a webhook: URL, content type, secret, which events (push only, everything, or
// chosen ones), branch filter, active. Errors from the server are shown beside the field they name.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, SelectField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api/api-error';
import type { Hook } from '../api/webhook-queries';

export const EVENT_GROUPS: { label: string; events: { name: string; label: string }[] }[] = [
  {
    label: 'Repository',
    events: [
      { name: 'create', label: 'Branch or tag created' },
      { name: 'delete', label: 'Branch or tag deleted' },
      { name: 'push', label: 'Push' },
      { name: 'release', label: 'Release' },
      { name: 'status', label: 'Commit status' },
    ],
  },
  {
    label: 'Issues',
    events: [
      { name: 'issues', label: 'Issues' },
      { name: 'issue_assign', label: 'Issue assigned' },
      { name: 'issue_label', label: 'Issue labelled' },
      { name: 'issue_milestone', label: 'Issue milestoned' },
      { name: 'issue_comment', label: 'Issue comment' },
    ],
  },
  {
    label: 'Pull requests',
    events: [
      { name: 'pull_request', label: 'Pull request' },
      { name: 'pull_request_assign', label: 'Pull request assigned' },
      { name: 'pull_request_label', label: 'Pull request labelled' },
      { name: 'pull_request_milestone', label: 'Pull request milestoned' },
      { name: 'pull_request_comment', label: 'Pull request comment' },
      { name: 'pull_request_review_approved', label: 'Review approved' },
      { name: 'pull_request_review_rejected', label: 'Review requested changes' },
      { name: 'pull_request_review_comment', label: 'Review comment' },
      { name: 'pull_request_sync', label: 'Pull request synchronized' },
      { name: 'pull_request_review_request', label: 'Review requested' },
    ],
  },
];
const ALL = EVENT_GROUPS.flatMap((g) => g.events.map((e) => e.name));

export interface WebhookFormValues {
  url: string;
  content_type: 'json' | 'form';
  secret: string;
  events: string[];
  branch_filter: string;
  active: boolean;
}

function initialChoice(h?: Hook): 'push' | 'all' | 'choose' {
  if (!h || (h.events.length === 1 && h.events[0] === 'push')) return 'push';
  return ALL.every((e) => h.events.includes(e)) ? 'all' : 'choose';
}

export function WebhookForm({
  hook,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  hook?: Hook;
  pending: boolean;
  error: unknown;
  onSubmit: (v: WebhookFormValues) => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState(hook?.config.url ?? '');
  const [contentType, setContentType] = useState<'json' | 'form'>(hook?.config.content_type === 'form' ? 'form' : 'json');
  const [secret, setSecret] = useState('');
  const [choice, setChoice] = useState(initialChoice(hook));
  const [chosen, setChosen] = useState<string[]>(hook?.events ?? ['push']);
  const [branchFilter, setBranchFilter] = useState(hook?.branch_filter ?? '');
  const [active, setActive] = useState(hook?.active ?? true);
  const [urlError, setUrlError] = useState<string | null>(null);

  const message = error ? errorMessage(error) : null;
  const serverUrlError = message && /url/i.test(message) ? message : null;
  const filterError = message && /branch_filter/i.test(message) ? message : null;
  const otherError = message && !serverUrlError && !filterError ? message : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^https?:\/\/\S+$/i.test(url.trim())) {
      setUrlError('Enter the receiver’s full URL, starting with http:// or https://');
      return;
    }
    setUrlError(null);
    const events = choice === 'push' ? ['push'] : choice === 'all' ? ALL : chosen;
    onSubmit({ url: url.trim(), content_type: contentType, secret, events, branch_filter: branchFilter.trim(), active });
  };

  return (
    <form onSubmit={submit} className="space-y-4 rounded-md border border-gray-200 p-4 dark:border-gray-700" noValidate>
      <TextField
        label="Target URL"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={urlError ?? serverUrlError}
        required
        placeholder="https://ci.example.com/hook"
      />
      <SelectField label="Content type" value={contentType} onChange={(e) => setContentType(e.target.value as 'json' | 'form')}>
        <option value="json">application/json</option>
        <option value="form">application/x-www-form-urlencoded</option>
      </SelectField>
      <TextField
        label="Secret"
        type="password"
        autoComplete="new-password"
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
        hint={
          hook
            ? 'Leave empty to keep the current secret. It signs each body (X-Gitea-Signature, X-Hub-Signature-256).'
            : 'Signs each body (X-Gitea-Signature, X-Hub-Signature-256).'
        }
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Trigger on</legend>
        {(
          [
            ['push', 'Push events only'],
            ['all', 'All events'],
            ['choose', 'Let me choose'],
          ] as const
        ).map(([v, label]) => (
          <label key={v} className="flex items-center gap-2 text-sm">
            <input type="radio" name="trigger" value={v} checked={choice === v} onChange={() => setChoice(v)} />
            {label}
          </label>
        ))}
        {choice === 'choose' &&
          EVENT_GROUPS.map((g) => (
            <fieldset key={g.label} className="ml-6 grid gap-1 sm:grid-cols-2">
              <legend className="text-sm font-medium text-gray-700 dark:text-gray-300">{g.label}</legend>
              {g.events.map((ev) => (
                <Checkbox
                  key={ev.name}
                  label={ev.label}
                  checked={chosen.includes(ev.name)}
                  onChange={(e) => setChosen((c) => (e.target.checked ? [...c, ev.name] : c.filter((x) => x !== ev.name)))}
                />
              ))}
            </fieldset>
          ))}
      </fieldset>
      <TextField
        label="Branch filter"
        value={branchFilter}
        onChange={(e) => setBranchFilter(e.target.value)}
        error={filterError}
        placeholder="*"
        hint="A glob of branch names for push, create and delete events (empty or * for all), e.g. main or {main,release/*}."
      />
      <Checkbox label="Active" checked={active} onChange={(e) => setActive(e.target.checked)} hint="Inactive webhooks are not sent events." />
      {otherError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {otherError}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={pending}>
          {hook ? 'Update webhook' : 'Add webhook'}
        </Button>
        <Button type="button" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
