// Pull requests, scheduled merges, reviews and commit statuses.
import type { Generated } from 'kysely';

/** A pull request beside its issue row (is_pull = 1). */
export interface PullRequestTable {
  id: Generated<number>;
  issue_id: number;
  index: number;
  head_repo_id: number;
  base_repo_id: number;
  head_branch: string;
  base_branch: string;
  merge_base: string;
  head_commit_id: string;
  /** 0 checking, 1 mergeable, 2 conflict, 3 empty, 4 error. */
  status: number;
  /** JSON array of paths. */
  conflicted_files: string;
  commits_ahead: number;
  commits_behind: number;
  additions: number;
  deletions: number;
  changed_files: number;
  has_merged: number;
  merged_commit_id: string;
  merger_id: number;
  merged_unix: number;
  allow_maintainer_edit: number;
}

export interface PullAutoMergeTable {
  id: Generated<number>;
  pull_id: number;
  doer_id: number;
  merge_style: string;
  message: string;
  delete_branch_after_merge: number;
  created_unix: number;
}

/** type: 0 pending, 1 approve, 2 comment, 3 request changes, 4 review requested (Gitea's ReviewType). */
export interface ReviewTable {
  id: Generated<number>;
  type: number;
  reviewer_id: number;
  reviewer_team_id: number;
  original_author: string;
  original_author_id: number;
  issue_id: number;
  content: string;
  official: number;
  commit_id: string;
  stale: number;
  dismissed: number;
  created_unix: number;
  updated_unix: number;
}

export interface CommitStatusTable {
  id: Generated<number>;
  index: number;
  repo_id: number;
  /** pending, success, error, failure, warning */
  state: string;
  sha: string;
  target_url: string;
  description: string;
  context: string;
  creator_id: number;
  created_unix: number;
  updated_unix: number;
}
