// Kysely table types. Timestamps are unix seconds (as in Gitea); the API layer turns them into RFC 3339.
// The tables' interfaces live in schema/, one module per family; this module joins them.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  UserTable,
  AccessTokenTable,
  FollowTable,
  StarTable,
  WatchTable,
  PublicKeyTable,
  UserRedirectTable,
  LoginFailureTable,
  WebSessionTable,
} from './schema/users.ts';
import type { RepositoryTable, ActionTable, RepoRedirectTable, ProtectedBranchTable } from './schema/repos.ts';
import type {
  IssueIndexTable,
  IssueTable,
  LabelTable,
  IssueLabelTable,
  MilestoneTable,
  IssueAssigneesTable,
  IssueUserTable,
  CommentTable,
  AttachmentTable,
} from './schema/issues.ts';
import type { PullRequestTable, PullAutoMergeTable, ReviewTable, CommitStatusTable } from './schema/pulls.ts';
import type { CollaborationTable, OrgUserTable, TeamTable, TeamUserTable, TeamRepoTable, TeamUnitTable } from './schema/access.ts';
import type { EmailAddressTable } from './schema/emails.ts';
import type { ReleaseTable } from './schema/releases.ts';
import type { NotificationTable, IssueWatchTable } from './schema/notifications.ts';
import type { ReactionTable } from './schema/reactions.ts';
import type { WebhookTable, HookTaskTable } from './schema/webhooks.ts';
import type { TopicTable, RepoTopicTable } from './schema/topics.ts';

export type {
  UserTable,
  AccessTokenTable,
  FollowTable,
  StarTable,
  WatchTable,
  PublicKeyTable,
  UserRedirectTable,
  LoginFailureTable,
  WebSessionTable,
} from './schema/users.ts';
export type { RepositoryTable, ActionTable, RepoRedirectTable, ProtectedBranchTable } from './schema/repos.ts';
export type {
  IssueIndexTable,
  IssueTable,
  LabelTable,
  IssueLabelTable,
  MilestoneTable,
  IssueAssigneesTable,
  IssueUserTable,
  CommentTable,
  AttachmentTable,
} from './schema/issues.ts';
export type { PullRequestTable, PullAutoMergeTable, ReviewTable, CommitStatusTable } from './schema/pulls.ts';
export type { CollaborationTable, OrgUserTable, TeamTable, TeamUserTable, TeamRepoTable, TeamUnitTable } from './schema/access.ts';
export type { EmailAddressTable } from './schema/emails.ts';
export type { ReleaseTable } from './schema/releases.ts';
export type { NotificationTable, IssueWatchTable } from './schema/notifications.ts';
export type { ReactionTable } from './schema/reactions.ts';
export type { WebhookTable, HookTaskTable } from './schema/webhooks.ts';
export type { TopicTable, RepoTopicTable } from './schema/topics.ts';

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
  web_session: WebSessionTable;
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
  email_address: EmailAddressTable;
  release: ReleaseTable;
  notification: NotificationTable;
  issue_watch: IssueWatchTable;
  reaction: ReactionTable;
  webhook: WebhookTable;
  hook_task: HookTaskTable;
  topic: TopicTable;
  repo_topic: RepoTopicTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type RepoRow = Selectable<RepositoryTable>;
export type NewRepo = Insertable<RepositoryTable>;
export type RepoUpdate = Updateable<RepositoryTable>;
export type TopicRow = Selectable<TopicTable>;
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
export type ReleaseRow = Selectable<ReleaseTable>;
export type NotificationRow = Selectable<NotificationTable>;
export type ReactionRow = Selectable<ReactionTable>;
export type WebhookRow = Selectable<WebhookTable>;
export type HookTaskRow = Selectable<HookTaskTable>;
