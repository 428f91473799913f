// What one row of a pull request list shows, from either a PullRequest (GET /pulls) or an Issue
// that is a pull request (GET /repos/issues/search, which lists across repositories).
import type { components } from '@/lib/api/schema';
import type { PullRequest } from '../api/pull-queries';

type Issue = components['schemas']['Issue'];
type Label = components['schemas']['Label'];
type User = components['schemas']['User'];

export type PullDisplayState = 'open' | 'draft' | 'merged' | 'closed';

/** What a row shows: merged wins over closed, draft only matters while open. */
export function pullDisplayState(pr: Pick<PullRequest, 'state' | 'merged' | 'draft'>): PullDisplayState {
  if (pr.merged) return 'merged';
  if (pr.state === 'closed') return 'closed';
  return pr.draft ? 'draft' : 'open';
}

export const PULL_STATE_TEXT: Record<PullDisplayState, string> = { open: 'Open', draft: 'Draft', merged: 'Merged', closed: 'Closed' };

export interface PullRowData {
  id: number;
  number: number;
  owner: string;
  repo: string;
  /** owner/repo, for lists that span repositories. */
  fullName: string;
  title: string;
  state: PullDisplayState;
  labels: Label[];
  user: User;
  created_at: string;
  closed_at: string | null;
  merged_at: string | null;
  comments: number;
  /** Branch names; unknown in search results. */
  base?: string;
  head?: string;
  /** The head commit, for its combined status. */
  headSha?: string;
  milestone?: { id: number; title: string } | null;
}

export function rowFromPull(pr: PullRequest, owner: string, repo: string): PullRowData {
  return {
    id: pr.id,
    number: pr.number,
    owner,
    repo,
    fullName: `${owner}/${repo}`,
    title: pr.title,
    state: pullDisplayState(pr),
    labels: pr.labels,
    user: pr.user,
    created_at: pr.created_at,
    closed_at: pr.closed_at,
    merged_at: pr.merged_at,
    comments: pr.comments,
    base: pr.base.ref,
    head: pr.head.label || pr.head.ref,
    headSha: pr.head.sha,
    milestone: pr.milestone ? { id: pr.milestone.id, title: pr.milestone.title } : null,
  };
}

export function rowFromIssue(issue: Issue): PullRowData {
  const meta = issue.pull_request;
  return {
    id: issue.id,
    number: issue.number,
    owner: issue.repository.owner,
    repo: issue.repository.name,
    fullName: issue.repository.full_name,
    title: issue.title,
    state: pullDisplayState({ state: issue.state, merged: !!meta?.merged, draft: !!meta?.draft }),
    labels: issue.labels,
    user: issue.user,
    created_at: issue.created_at,
    closed_at: issue.closed_at,
    merged_at: meta?.merged_at ?? null,
    comments: issue.comments,
    milestone: issue.milestone ? { id: issue.milestone.id, title: issue.milestone.title } : null,
  };
}
