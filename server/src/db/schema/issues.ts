// Issues (pull requests too), labels, milestones, assignees, comments and timeline events, attachments.
import type { Generated } from 'kysely';

/** Per-repository counter that hands out issue and pull request numbers. */
export interface IssueIndexTable {
  repo_id: number;
  max_index: number;
}

/** Issues and pull requests (is_pull), numbered per repository by `index`. */
export interface IssueTable {
  id: Generated<number>;
  repo_id: number;
  index: number;
  poster_id: number;
  original_author: string;
  original_author_id: number;
  name: string;
  content: string;
  ref: string;
  milestone_id: number;
  priority: number;
  is_closed: number;
  is_pull: number;
  is_locked: number;
  /** 0, or the issue's place among the repository's pinned issues (or pull requests). */
  pin_order: Generated<number>;
  num_comments: number;
  deadline_unix: number;
  created_unix: number;
  updated_unix: number;
  closed_unix: number;
}

export interface LabelTable {
  id: Generated<number>;
  repo_id: number;
  name: string;
  exclusive: number;
  description: string;
  color: string;
  archived_unix: number;
  created_unix: number;
  updated_unix: number;
}

export interface IssueLabelTable {
  id: Generated<number>;
  issue_id: number;
  label_id: number;
}

export interface MilestoneTable {
  id: Generated<number>;
  repo_id: number;
  name: string;
  content: string;
  is_closed: number;
  deadline_unix: number;
  closed_date_unix: number;
  created_unix: number;
  updated_unix: number;
}

export interface IssueAssigneesTable {
  id: Generated<number>;
  assignee_id: number;
  issue_id: number;
}

/** A user's relation to an issue; is_mentioned backs the `mentioned` filters. */
export interface IssueUserTable {
  id: Generated<number>;
  uid: number;
  issue_id: number;
  is_read: number;
  is_mentioned: number;
}

/** Comments and timeline events; `type` is Gitea's CommentType number. */
export interface CommentTable {
  id: Generated<number>;
  type: number;
  poster_id: number;
  original_author: string;
  original_author_id: number;
  issue_id: number;
  label_id: number;
  old_milestone_id: number;
  milestone_id: number;
  assignee_id: number;
  removed_assignee: number;
  /** review_request events for a team (Gitea's AssigneeTeamID): the team; assignee_id is then 0. */
  assignee_team_id: Generated<number>;
  old_title: string;
  new_title: string;
  ref_repo_id: number;
  ref_issue_id: number;
  ref_comment_id: number;
  ref_action: number;
  ref_is_pull: number;
  content: string;
  commit_sha: string;
  created_unix: number;
  updated_unix: number;
  /** Inline review comments (type 21) and review events (22): the review they belong to. */
  review_id: number;
  tree_path: string;
  /** > 0 a line of the new file, < 0 of the old file (Gitea's convention). */
  line: number;
  /** The diff hunk the comment was made on. */
  patch: string;
  /** 1 when the commented line changed since (outdated). */
  invalidated: number;
  resolve_doer_id: number;
  /** change_target_branch events: the old and new base branch. */
  old_ref: string;
  new_ref: string;
}

export interface AttachmentTable {
  id: Generated<number>;
  uuid: string;
  repo_id: number;
  issue_id: number;
  comment_id: number;
  uploader_id: number;
  /** The release the file is an asset of (0: an issue or comment attachment). */
  release_id: Generated<number>;
  name: string;
  download_count: number;
  size: number;
  created_unix: number;
}
