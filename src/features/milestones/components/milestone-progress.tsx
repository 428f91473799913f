// How far a milestone is: closed issues over all of its issues.
import type { Milestone } from '../api/milestone-queries';

export const milestonePercent = (m: Pick<Milestone, 'open_issues' | 'closed_issues'>) => {
  const all = m.open_issues + m.closed_issues;
  return all === 0 ? 0 : Math.round((m.closed_issues / all) * 100);
};

export function MilestoneProgress({ milestone }: { milestone: Milestone }) {
  const pct = milestonePercent(milestone);
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={`${milestone.title} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
      >
        <div className="h-full rounded-full bg-green-600 dark:bg-green-500" style={{ width: `${pct}%` }} />
      </div>
      <p className="flex flex-wrap gap-x-3 text-xs text-gray-600 dark:text-gray-400">
        <span className="font-medium text-gray-800 dark:text-gray-200">{pct}% complete</span>
        <span>{milestone.open_issues} open</span>
        <span>{milestone.closed_issues} closed</span>
      </p>
    </div>
  );
}

/** "Due Mar 3, 2026" in red when it has passed on an open milestone; closed ones say when. */
export function MilestoneDue({ milestone }: { milestone: Milestone }) {
  if (milestone.state === 'closed' && milestone.closed_at) {
    return (
      <span className="text-xs text-gray-600 dark:text-gray-400">
        Closed {new Date(milestone.closed_at).toLocaleDateString(undefined, { dateStyle: 'medium' })}
      </span>
    );
  }
  if (!milestone.due_on) return <span className="text-xs text-gray-500 dark:text-gray-400">No due date</span>;
  const due = new Date(milestone.due_on);
  const overdue = milestone.state === 'open' && due.getTime() < Date.now();
  const text = due.toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <span className={`text-xs ${overdue ? 'font-medium text-red-600 dark:text-red-400' : 'text-gray-600 dark:text-gray-400'}`}>
      {overdue ? `Past due by ${Math.max(1, Math.floor((Date.now() - due.getTime()) / 86_400_000))} day(s) · ${text}` : `Due ${text}`}
    </span>
  );
}
