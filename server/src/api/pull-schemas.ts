// Wire shapes of pull requests, reviews, review comments, changed files and commit statuses
// (Gitea's structs: modules/structs/pull.go, pull_review.go, status.go).
import { z } from '@hono/zod-openapi';
import { nullableRef } from './openapi.ts';
import { RepositorySchema, UserSchema } from './schemas.ts';
import { LabelSchema, MilestoneSchema } from './issue-schemas.ts';

export const PRBranchInfoSchema = z
  .object({
    label: z.string().openapi({ description: 'branch name (owner:branch for a fork)' }),
    ref: z.string(),
    sha: z.string(),
    repo_id: z.number().int(),
    repo: nullableRef(RepositorySchema),
  })
  .openapi('PRBranchInfo');

export const TeamRefSchema = z.object({ id: z.number().int(), name: z.string() }).openapi('TeamRef');

export const PullRequestSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    number: z.number().int(),
    user: UserSchema,
    title: z.string(),
    body: z.string(),
    labels: z.array(LabelSchema),
    milestone: nullableRef(MilestoneSchema),
    assignee: nullableRef(UserSchema),
    assignees: z.array(UserSchema),
    requested_reviewers: z.array(UserSchema),
    requested_reviewers_teams: z.array(TeamRefSchema),
    state: z.enum(['open', 'closed']),
    draft: z.boolean(),
    is_locked: z.boolean(),
    comments: z.number().int(),
    review_comments: z.number().int(),
    additions: z.number().int(),
    deletions: z.number().int(),
    changed_files: z.number().int(),
    html_url: z.string(),
    diff_url: z.string(),
    patch_url: z.string(),
    mergeable: z.boolean(),
    merged: z.boolean(),
    merged_at: z.string().nullable(),
    merge_commit_sha: z.string().nullable(),
    merged_by: nullableRef(UserSchema),
    allow_maintainer_edit: z.boolean(),
    base: PRBranchInfoSchema,
    head: PRBranchInfoSchema,
    merge_base: z.string(),
    due_date: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    closed_at: z.string().nullable(),
    pin_order: z.number().int(),
    /** Ours (Gitea shows these only in its UI): paths that conflict when mergeable is false. */
    conflicted_files: z.array(z.string()).optional(),
    /** Ours: how many commits the base branch has that the head lacks (0 = up to date). */
    commits_behind: z.number().int().optional(),
    commits_ahead: z.number().int().optional(),
  })
  .openapi('PullRequest');

export const CreatePullRequestSchema = z
  .object({
    title: z.string().min(1),
    head: z.string().min(1),
    base: z.string().min(1),
    body: z.string().optional(),
    assignee: z.string().optional().openapi({ deprecated: true }),
    assignees: z.array(z.string()).optional(),
    labels: z.array(z.number().int()).optional(),
    milestone: z.number().int().optional(),
    reviewers: z.array(z.string()).optional(),
    team_reviewers: z.array(z.string()).optional(),
    allow_maintainer_edit: z.boolean().optional(),
    due_date: z.string().nullable().optional(),
  })
  .openapi('CreatePullRequestOption');

export const EditPullRequestSchema = z
  .object({
    title: z.string().optional(),
    body: z.string().optional(),
    base: z.string().optional(),
    assignee: z.string().optional().openapi({ deprecated: true }),
    assignees: z.array(z.string()).optional(),
    labels: z.array(z.number().int()).optional(),
    milestone: z.number().int().nullable().optional(),
    state: z.enum(['open', 'closed']).optional(),
    due_date: z.string().nullable().optional(),
    unset_due_date: z.boolean().optional(),
    allow_maintainer_edit: z.boolean().optional(),
  })
  .openapi('EditPullRequestOption');

export const MERGE_STYLES = ['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only', 'manually-merged'] as const;
export type MergeStyle = (typeof MERGE_STYLES)[number];

/** Gitea's MergePullRequestForm; Gitea matches the keys case-insensitively, the route lower-cases them first. */
export const MergePullRequestSchema = z
  .object({
    Do: z.enum(MERGE_STYLES).optional(),
    MergeTitleField: z.string().optional(),
    MergeMessageField: z.string().optional(),
    MergeCommitID: z.string().optional().openapi({ description: 'for manually-merged: the commit that merged it' }),
    head_commit_id: z.string().optional(),
    force_merge: z.boolean().optional(),
    merge_when_checks_succeed: z.boolean().optional(),
    delete_branch_after_merge: z.boolean().optional(),
  })
  .openapi('MergePullRequestOption');

export const ChangedFileSchema = z
  .object({
    filename: z.string(),
    previous_filename: z.string().optional(),
    status: z.enum(['added', 'deleted', 'modified', 'renamed', 'copied', 'changed', 'unchanged']),
    additions: z.number().int(),
    deletions: z.number().int(),
    changes: z.number().int(),
    html_url: z.string(),
    contents_url: z.string(),
    raw_url: z.string(),
  })
  .openapi('ChangedFile');

export const REVIEW_STATES = ['APPROVED', 'PENDING', 'COMMENT', 'REQUEST_CHANGES', 'REQUEST_REVIEW'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const PullReviewSchema = z
  .object({
    id: z.number().int(),
    user: nullableRef(UserSchema),
    team: nullableRef(TeamRefSchema),
    state: z.enum(REVIEW_STATES),
    body: z.string(),
    commit_id: z.string(),
    stale: z.boolean(),
    official: z.boolean(),
    dismissed: z.boolean(),
    comments_count: z.number().int(),
    submitted_at: z.string(),
    updated_at: z.string(),
    html_url: z.string(),
    pull_request_url: z.string(),
  })
  .openapi('PullReview');

export const PullReviewCommentSchema = z
  .object({
    id: z.number().int(),
    body: z.string(),
    user: nullableRef(UserSchema),
    resolver: nullableRef(UserSchema),
    pull_request_review_id: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    path: z.string(),
    commit_id: z.string(),
    original_commit_id: z.string(),
    diff_hunk: z.string(),
    /** Line in the new file (0 when the comment is on an old line). */
    position: z.number().int(),
    /** Line in the old file (0 when the comment is on a new line). */
    original_position: z.number().int(),
    html_url: z.string(),
    pull_request_url: z.string(),
    /** Ours, as Gitea's UI: the commented line changed since the comment was made. */
    outdated: z.boolean().optional(),
  })
  .openapi('PullReviewComment');

export const CreatePullReviewCommentSchema = z
  .object({
    path: z.string().min(1),
    body: z.string().min(1),
    /** Line of the old file; 0 when commenting on the new file. */
    old_position: z.number().int().optional(),
    /** Line of the new file; 0 when commenting on the old file. */
    new_position: z.number().int().optional(),
  })
  .openapi('CreatePullReviewComment');

export const CreatePullReviewSchema = z
  .object({
    event: z.enum(REVIEW_STATES).optional().openapi({ description: 'APPROVED, REQUEST_CHANGES, COMMENT, or PENDING (default) to keep collecting comments' }),
    body: z.string().optional(),
    commit_id: z.string().optional(),
    comments: z.array(CreatePullReviewCommentSchema).optional(),
  })
  .openapi('CreatePullReviewOptions');

export const SubmitPullReviewSchema = z
  .object({ event: z.enum(REVIEW_STATES), body: z.string().optional() })
  .openapi('SubmitPullReviewOptions');

export const DismissPullReviewSchema = z
  .object({ message: z.string().optional(), priors: z.boolean().optional() })
  .openapi('DismissPullReviewOptions');

export const PullReviewRequestSchema = z
  .object({ reviewers: z.array(z.string()).optional(), team_reviewers: z.array(z.string()).optional() })
  .openapi('PullReviewRequestOptions');

export const COMMIT_STATES = ['pending', 'success', 'error', 'failure', 'warning'] as const;

export const CommitStatusSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(COMMIT_STATES),
    target_url: z.string(),
    description: z.string(),
    url: z.string(),
    context: z.string(),
    creator: nullableRef(UserSchema),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('CommitStatus');

export const CombinedStatusSchema = z
  .object({
    state: z.enum(COMMIT_STATES).or(z.literal('')),
    sha: z.string(),
    total_count: z.number().int(),
    statuses: z.array(CommitStatusSchema),
    repository: nullableRef(RepositorySchema),
    commit_url: z.string(),
    url: z.string(),
  })
  .openapi('CombinedStatus');

export const CreateStatusSchema = z
  .object({
    state: z.enum(COMMIT_STATES),
    target_url: z.string().optional(),
    description: z.string().optional(),
    context: z.string().optional(),
  })
  .openapi('CreateStatusOption');

export type ApiPullRequest = z.infer<typeof PullRequestSchema>;
export type ApiChangedFile = z.infer<typeof ChangedFileSchema>;
export type ApiPullReview = z.infer<typeof PullReviewSchema>;
export type ApiPullReviewComment = z.infer<typeof PullReviewCommentSchema>;
export type ApiCommitStatus = z.infer<typeof CommitStatusSchema>;
export type ApiCombinedStatus = z.infer<typeof CombinedStatusSchema>;
