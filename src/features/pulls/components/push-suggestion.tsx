// "feature/x had recent pushes 5 minutes ago — Compare & pull request", above a repository's
// files. Dismissing it hides that push for the rest of the browser session.
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { RelativeTime } from '@/components/ui/relative-time';
import type { RecentPush } from '../lib/recent-push';
import { BranchIcon } from '@/components/ui/octicons';

const storageKey = (scope: string, push: RecentPush) => `forge.push-suggestion:${scope}:${push.branch}:${push.at}`;

function wasDismissed(key: string) {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function PushSuggestion({ push, compareHref, scope }: { push: RecentPush; compareHref: string; scope: string }) {
  const key = storageKey(scope, push);
  const [dismissed, setDismissed] = useState(() => wasDismissed(key));
  if (dismissed) return null;
  return (
    <section
      aria-label="Recent push"
      className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="flex min-w-0 basis-full items-center gap-1.5 sm:basis-0 sm:flex-1">
        <BranchIcon className="text-amber-700 dark:text-amber-400" />
        <span className="min-w-0 [overflow-wrap:anywhere]">
          <strong className="font-mono">{push.branch}</strong> had recent pushes <RelativeTime date={push.at} />
        </span>
      </p>
      <Link to={compareHref} className={buttonClass('primary', 'sm')}>
        Compare &amp; pull request
      </Link>
      <button
        type="button"
        aria-label="Dismiss"
        className="rounded px-1.5 text-lg leading-none text-amber-800 hover:bg-amber-100 dark:text-amber-300 dark:hover:bg-amber-900"
        onClick={() => {
          try {
            sessionStorage.setItem(key, '1');
          } catch {
            // Storage may be disabled; the banner then only hides until the next visit.
          }
          setDismissed(true);
        }}
      >
        ×
      </button>
    </section>
  );
}
