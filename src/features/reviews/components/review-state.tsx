// How a review's state reads and looks, in one place for the conversation, the sidebar and list rows.
import type { PullReview } from '../lib/review-threads';

type State = PullReview['state'];

/** "bob approved these changes", as a verb phrase after the reviewer's name. */
export function reviewVerb(state: State, dismissed = false): string {
  if (dismissed) return 'reviewed';
  switch (state) {
    case 'APPROVED':
      return 'approved these changes';
    case 'REQUEST_CHANGES':
      return 'requested changes';
    case 'PENDING':
      return 'started a review';
    case 'REQUEST_REVIEW':
      return 'was requested for review';
    default:
      return 'commented';
  }
}

const labels: Record<State, string> = {
  APPROVED: 'Approved',
  REQUEST_CHANGES: 'Changes requested',
  COMMENT: 'Commented',
  PENDING: 'Pending',
  REQUEST_REVIEW: 'Review requested',
};

const tones: Record<State | 'DISMISSED', string> = {
  APPROVED: 'border-green-300 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-300',
  REQUEST_CHANGES: 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-300',
  COMMENT: 'border-gray-300 bg-gray-50 text-gray-700 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-300',
  PENDING: 'border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-300',
  REQUEST_REVIEW: 'border-indigo-300 bg-indigo-50 text-indigo-800 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-300',
  DISMISSED: 'border-gray-300 bg-gray-100 text-gray-600 line-through dark:border-gray-700 dark:bg-gray-800 dark:text-gray-300',
};

export function reviewStateLabel(state: State, dismissed = false) {
  return dismissed ? 'Dismissed' : labels[state];
}

/** A small pill: "Approved", "Changes requested", "Commented", "Pending", "Dismissed". */
export function ReviewStateBadge({ state, dismissed = false }: { state: State; dismissed?: boolean }) {
  return (
    <span className={`inline-flex items-center rounded-full border px-2 text-xs font-medium whitespace-nowrap ${tones[dismissed ? 'DISMISSED' : state]}`}>
      {reviewStateLabel(state, dismissed)}
    </span>
  );
}

/** A plain tag such as "Outdated" or "Pending" beside a comment or thread. */
export function Tag({ children, tone = 'gray' }: { children: string; tone?: 'gray' | 'amber' }) {
  const cls =
    tone === 'amber'
      ? 'border-amber-300 text-amber-800 dark:border-amber-700 dark:text-amber-300'
      : 'border-gray-300 text-gray-600 dark:border-gray-600 dark:text-gray-300';
  return <span className={`inline-flex items-center rounded-full border px-2 text-xs font-medium ${cls}`}>{children}</span>;
}
