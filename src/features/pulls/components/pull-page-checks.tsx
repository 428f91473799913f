// The head commit's checks in the merge box: the combined state as one line, then each context with
// its state, description and a Details link to the CI's page.
import type { components } from '@/lib/api/schema';
import { StatusRow, ToneIcon, type RowTone } from './pull-page-status-row';

type CombinedStatus = components['schemas']['CombinedStatus'];
type CommitState = components['schemas']['CommitStatus']['status'];

export const checkTone: Record<CommitState, RowTone> = { success: 'ok', pending: 'warn', warning: 'warn', failure: 'fail', error: 'fail' };

const summary: Record<CommitState, string> = {
  success: 'All checks have passed',
  pending: 'Some checks haven’t completed yet',
  warning: 'Some checks have warnings',
  failure: 'Some checks were not successful',
  error: 'Some checks were not successful',
};

const stateText: Record<CommitState, string> = { success: 'Successful', pending: 'Pending', warning: 'Warning', failure: 'Failing', error: 'Errored' };

/** Only http(s) targets become links: a status's target_url is whatever its poster sent. */
const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : null);

export function PullChecks({ checks }: { checks: CombinedStatus }) {
  if (!checks.state || checks.statuses.length === 0) return null;
  const passed = checks.statuses.filter((s) => s.status === 'success').length;
  return (
    <StatusRow tone={checkTone[checks.state]} title={summary[checks.state]} label="Checks">
      <p className="text-gray-600 dark:text-gray-400">
        {passed} of {checks.statuses.length} {checks.statuses.length === 1 ? 'check' : 'checks'} successful
      </p>
      <ul aria-label="Status checks" className="divide-y divide-gray-200 rounded-md border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
        {checks.statuses.map((s) => {
          const url = safeUrl(s.target_url);
          return (
            <li key={s.id} className="flex items-start gap-2 px-3 py-2">
              <ToneIcon tone={checkTone[s.status]} />
              <div className="min-w-0 flex-1">
                <span className="font-medium text-gray-900 dark:text-gray-100">{s.context || 'default'}</span>
                <span className="sr-only"> — {stateText[s.status]}</span>
                {s.description && <span className="text-gray-600 dark:text-gray-400"> — {s.description}</span>}
              </div>
              {url && (
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Details of ${s.context || 'default'}`}
                  className="shrink-0 text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400"
                >
                  Details
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </StatusRow>
  );
}
