// Kysely table types. Timestamps are unix seconds (as in Gitea); the API layer turns them into RFC 3339.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UserTable {
  id: Generated<number>;
  name: string;
  lower_name: string;
  full_name: string;
  email: string;
  passwd: string;
  /** 0 user, 1 organization (organizations come later). */
  type: number;
  is_admin: number;
  must_change_password: number;
  restricted: number;
  active: number;
  prohibit_login: number;
  visibility: string;
  description: string;
  website: string;
  location: string;
  language: string;
  created_unix: number;
  updated_unix: number;
  last_login_unix: number;
  /** U1's columns (migration 20261122_0500_users_social), kept as Gitea's user table. */
  num_followers: Generated<number>;
  num_following: Generated<number>;
  num_stars: Generated<number>;
  /** hide_email / hide_activity in the API's UserSettings. */
  keep_email_private: Generated<number>;
  keep_activity_private: Generated<number>;
  use_custom_avatar: Generated<number>;
  /** File name of an uploaded avatar under <data>/avatars (a content hash). */
  avatar: Generated<string>;
  diff_view_style: Generated<string>;
  theme: Generated<string>;
}

export interface AccessTokenTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  token_last_eight: string;
  scopes: string;
  created_unix: number;
  updated_unix: number;
}

export interface RepositoryTable {
  id: Generated<number>;
  owner_id: number;
  owner_name: string;
  name: string;
  lower_name: string;
  description: string;
  website: string;
  is_private: number;
  is_empty: number;
  is_archived: number;
  is_template: number;
  is_fork: number;
  fork_id: number;
  template_id: number;
  default_branch: string;
  has_issues: number;
  has_wiki: number;
  has_pull_requests: number;
  has_projects: number;
  has_releases: number;
  num_stars: number;
  num_forks: number;
  num_watches: number;
  num_issues: number;
  num_closed_issues: number;
  num_pulls: number;
  num_closed_pulls: number;
  size: number;
  trust_model: string;
  created_unix: number;
  updated_unix: number;
  archived_unix: number;
  /** Merge settings (1/0), defaults from the migration. */
  allow_merge_commits: Generated<number>;
  allow_rebase: Generated<number>;
  allow_rebase_explicit: Generated<number>;
  allow_squash_merge: Generated<number>;
  allow_fast_forward_only_merge: Generated<number>;
  allow_manual_merge: Generated<number>;
  default_delete_branch_after_merge: Generated<number>;
  /** merge, rebase, rebase-merge, squash or fast-forward-only. */
  default_merge_style: Generated<string>;
}

export interface ActionTable {
  id: Generated<number>;
  /** Whose feed this row belongs to. */
  user_id: number;
  op_type: string;
  act_user_id: number;
  repo_id: number;
  comment_id: number;
  ref_name: string;
  is_private: number;
  content: string;
  created_unix: number;
}

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

/** Failed sign-ins in the current window of an account ('a:name') or client address ('i:address'); auth/throttle.ts. */
export interface LoginFailureTable {
  key: string;
  failures: number;
  /** Epoch milliseconds. */
  ends_at: number;
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

export interface AttachmentTable {
  id: Generated<number>;
  uuid: string;
  repo_id: number;
  issue_id: number;
  comment_id: number;
  uploader_id: number;
  name: string;
  download_count: number;
  size: number;
  created_unix: number;
}

/** A user given access to a repository; mode 1 read, 2 write, 3 admin (Gitea's collaboration). */
export interface CollaborationTable {
  id: Generated<number>;
  repo_id: number;
  user_id: number;
  mode: number;
  created_unix: number;
  updated_unix: number;
}

/** Membership of a user (uid) in an organization (a user row with type 1). */
export interface OrgUserTable {
  id: Generated<number>;
  uid: number;
  org_id: number;
  is_public: number;
}

/** authorize is the team's access mode (1 read, 2 write, 3 admin, 4 owner: the Owners team). */
export interface TeamTable {
  id: Generated<number>;
  org_id: number;
  lower_name: string;
  name: string;
  description: string;
  authorize: number;
  num_repos: number;
  num_members: number;
  includes_all_repositories: number;
  can_create_org_repo: number;
}

export interface TeamUserTable {
  id: Generated<number>;
  org_id: number;
  team_id: number;
  uid: number;
}

export interface TeamRepoTable {
  id: Generated<number>;
  org_id: number;
  team_id: number;
  repo_id: number;
}

/** type is Gitea's unit type (1 code, 2 issues, 3 pulls, 4 releases, 5 wiki); access_mode 0..3. */
export interface TeamUnitTable {
  id: Generated<number>;
  org_id: number;
  team_id: number;
  type: number;
  access_mode: number;
}

/** user_id follows follow_id. */
export interface FollowTable {
  id: Generated<number>;
  user_id: number;
  follow_id: number;
  created_unix: number;
}

export interface StarTable {
  id: Generated<number>;
  uid: number;
  repo_id: number;
  created_unix: number;
}

export interface WatchTable {
  id: Generated<number>;
  user_id: number;
  repo_id: number;
  mode: number;
  created_unix: number;
  updated_unix: number;
}

/** An SSH public key; content is the normalized "type base64" text, fingerprint "SHA256:…". */
export interface PublicKeyTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  fingerprint: string;
  content: string;
  key_type: string;
  created_unix: number;
  updated_unix: number;
}

/** O1: an old user or organization name (lower case) and whom it now names. */
export interface UserRedirectTable {
  id: Generated<number>;
  lower_name: string;
  redirect_user_id: number;
}

/** Issue #10: an old repository name (lower case) under its owner and the repository it now names. */
export interface RepoRedirectTable {
  id: Generated<number>;
  owner_id: number;
  lower_name: string;
  redirect_repo_id: number;
}

/**
 * Gitea's protected_branch: one branch protection rule of a repository. `rule_name` is a branch
 * name or a glob; id lists (users, teams) and contexts are JSON arrays; booleans are 1/0.
 */
export interface ProtectedBranchTable {
  id: Generated<number>;
  repo_id: number;
  rule_name: string;
  priority: Generated<number>;
  can_push: Generated<number>;
  enable_whitelist: Generated<number>;
  whitelist_user_ids: Generated<string>;
  whitelist_team_ids: Generated<string>;
  can_force_push: Generated<number>;
  enable_force_push_allowlist: Generated<number>;
  force_push_allowlist_user_ids: Generated<string>;
  force_push_allowlist_team_ids: Generated<string>;
  enable_merge_whitelist: Generated<number>;
  merge_whitelist_user_ids: Generated<string>;
  merge_whitelist_team_ids: Generated<string>;
  enable_status_check: Generated<number>;
  status_check_contexts: Generated<string>;
  enable_approvals_whitelist: Generated<number>;
  approvals_whitelist_user_ids: Generated<string>;
  approvals_whitelist_team_ids: Generated<string>;
  required_approvals: Generated<number>;
  block_on_rejected_reviews: Generated<number>;
  block_on_official_review_requests: Generated<number>;
  block_on_outdated_branch: Generated<number>;
  dismiss_stale_approvals: Generated<number>;
  ignore_stale_approvals: Generated<number>;
  require_signed_commits: Generated<number>;
  protected_file_patterns: Generated<string>;
  unprotected_file_patterns: Generated<string>;
  block_admin_merge_override: Generated<number>;
  created_unix: Generated<number>;
  updated_unix: Generated<number>;
}

export interface Database {
  user: UserTable;
  access_token: AccessTokenTable;
  repository: RepositoryTable;
  action: ActionTable;
  issue_index: IssueIndexTable;
  issue: IssueTable;
  label: LabelTable;
  issue_label: IssueLabelTable;
  milestone: MilestoneTable;
  issue_assignees: IssueAssigneesTable;
  issue_user: IssueUserTable;
  comment: CommentTable;
  attachment: AttachmentTable;
  pull_request: PullRequestTable;
  pull_auto_merge: PullAutoMergeTable;
  login_failure: LoginFailureTable;
  review: ReviewTable;
  commit_status: CommitStatusTable;
  follow: FollowTable;
  star: StarTable;
  watch: WatchTable;
  public_key: PublicKeyTable;
  collaboration: CollaborationTable;
  org_user: OrgUserTable;
  team: TeamTable;
  team_user: TeamUserTable;
  team_repo: TeamRepoTable;
  team_unit: TeamUnitTable;
  user_redirect: UserRedirectTable;
  repo_redirect: RepoRedirectTable;
  protected_branch: ProtectedBranchTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type RepoRow = Selectable<RepositoryTable>;
export type NewRepo = Insertable<RepositoryTable>;
export type RepoUpdate = Updateable<RepositoryTable>;
export type ActionRow = Selectable<ActionTable>;
export type IssueRow = Selectable<IssueTable>;
export type LabelRow = Selectable<LabelTable>;
export type MilestoneRow = Selectable<MilestoneTable>;
export type CommentRow = Selectable<CommentTable>;
export type NewComment = Insertable<CommentTable>;
export type AttachmentRow = Selectable<AttachmentTable>;
export type PullRequestRow = Selectable<PullRequestTable>;
export type ReviewRow = Selectable<ReviewTable>;
export type CommitStatusRow = Selectable<CommitStatusTable>;
export type CollaborationRow = Selectable<CollaborationTable>;
export type TeamRow = Selectable<TeamTable>;
export type TeamUnitRow = Selectable<TeamUnitTable>;
export type PublicKeyRow = Selectable<PublicKeyTable>;
export type ProtectedBranchRow = Selectable<ProtectedBranchTable>;
export type NewProtectedBranch = Insertable<ProtectedBranchTable>;
